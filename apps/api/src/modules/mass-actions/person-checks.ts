import { DEFAULT_TEMPERATURE_THRESHOLD_C, flag, type MassUser, temperatureThreshold } from '@gatehouse/contract';
import { and, desc, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import { areas, complianceUsers, complianceVersions, compliances, sites, userTypes, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { isComplianceDue } from '../compliance';
import { checksOf, loadJourney } from '../kiosk-app';
import { withinGrace } from '../signin';

type Checks = MassUser['checks'];
type ComplianceItem = MassUser['compliances'][number];
type FlowChoice = ReturnType<NonNullable<Awaited<ReturnType<typeof loadJourney>>>['flowFor']>;
export interface PersonChecks {
  checks: Checks;
  compliances: ComplianceItem[];
  compliance_status: MassUser['compliance_status'];
  journey_flow_id: number | null;
}

const NONE: Checks = { temperature_check: 0, mask_check: 0, host: 0, allow_not_select_host: 1, select_host_permitted: 1, temperature_threshold: DEFAULT_TEMPERATURE_THRESHOLD_C };

/**
 * What signing each person in at an area asks (rule 228's checksModel and hostModel, rules 222-223): the area's
 * journey and the flow of the person's user type (or its nearest parent's) decide the temperature and mask
 * checks, the threshold and the host; the flow's entry condition gives the compliance status, from the person's
 * answers and the flow's frequency (rule 198): passed while a pass is still valid, didn't pass when the last
 * answer failed, pending when none was given. While the condition is due, its current version's questions come
 * with it (`form_metadata`), so the operator can take the person's answers at the desk and send them with the
 * sign-in, which judges them (rules 210-211). Without an area or a journey nothing is asked.
 */
export async function personChecks(tx: Db, entityId: number, areaId: number | undefined, people: { id: number; userTypeId: number | null }[], now = new Date()) {
  const out = new Map<number, PersonChecks>();
  const journey = areaId ? await loadJourney(tx, entityId, { areaId }) : null;
  if (!journey) {
    for (const p of people) out.set(p.id, { checks: NONE, compliances: [], compliance_status: 'not_required', journey_flow_id: null });
    return out;
  }
  const flowOf = new Map(people.map((p) => [p.id, journey.flowFor(p.userTypeId)]));
  const conditionIds = [...new Set([...flowOf.values()].map((f) => f?.flow.complianceId).filter((id): id is number => !!id))];
  const conditions = conditionIds.length
    ? await tx
        .select({
          id: compliances.id,
          name: compliances.name,
          validDays: complianceVersions.pcrValidDays,
          questions: complianceVersions.questions,
          agreementText: complianceVersions.agreementText,
          statement: complianceVersions.statement,
        })
        .from(compliances)
        .leftJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
        // A deleted condition asks nothing, as at the sign-in.
        .where(and(eq(compliances.entityId, entityId), inArray(compliances.id, conditionIds), isNull(compliances.deletedAt)))
    : [];
  // Judged as the sign-in judges it: 'daily' is the site's calendar day, 'valid till expiry' the condition's days.
  const [where] = await tx.select({ timezone: sites.timezone }).from(areas).innerJoin(sites, eq(sites.id, areas.siteId)).where(and(eq(areas.id, areaId!), eq(areas.entityId, entityId)));
  // Each person's answers to those conditions, newest first: the latest says failed or passed, the latest pass says until when.
  const answers = conditionIds.length && people.length
    ? await tx
        .select({ userId: complianceUsers.userId, complianceId: complianceUsers.complianceId, status: complianceUsers.status, notes: complianceUsers.notes, at: complianceUsers.createdAt })
        .from(complianceUsers)
        .where(and(eq(complianceUsers.entityId, entityId), inArray(complianceUsers.complianceId, conditionIds), inArray(complianceUsers.userId, people.map((p) => p.id))))
        .orderBy(desc(complianceUsers.createdAt))
    : [];
  const passedForVisit = await passedForExpectedVisit(tx, entityId, areaId!, people, flowOf, now);
  const threshold = temperatureThreshold(journey.journey.temperatureThreshold);
  for (const p of people) {
    const f = flowOf.get(p.id) ?? null;
    const c = checksOf(journey, f);
    const checks: Checks = {
      temperature_check: flag(c.temperature),
      mask_check: flag(c.mask),
      host: flag(!!f?.flow.hostRequired),
      allow_not_select_host: flag(!f?.flow.hostRequired || f.flow.allowNoHost),
      select_host_permitted: 1,
      temperature_threshold: threshold,
    };
    const condition = f?.flow.complianceId ? conditions.find((x) => x.id === f.flow.complianceId) : undefined;
    if (!condition) {
      out.set(p.id, { checks, compliances: [], compliance_status: 'not_required', journey_flow_id: f?.flow.id ?? null });
      continue;
    }
    const theirs = answers.filter((a) => a.userId === p.id && a.complianceId === condition.id);
    const lastPass = theirs.find((a) => a.status === 'success')?.at ?? null;
    // 'everytime' is met by a pass given for the expected visit the sign-in will take (as the sign-in judges it).
    const due = f!.flow.complianceFrequency === 'everytime' ? !passedForVisit.has(p.id) : isComplianceDue(f!.flow.complianceFrequency, lastPass, now, condition.validDays, where?.timezone);
    const status: ComplianceItem['status'] = !due ? 'success' : theirs[0]?.status === 'failed' ? 'failed' : null;
    const form = due && condition.questions
      ? {
          questions: condition.questions.map((q) => ({ id: q.id, question: q.question, desired_answer: q.desired_answer })),
          agreement_text: condition.agreementText ?? '',
          statement: condition.statement ?? '',
        }
      : null;
    out.set(p.id, {
      checks,
      compliances: [{ id: condition.id, name: condition.name, isRequired: 1, status, form_metadata: form, notes: theirs[0]?.notes ?? null }],
      compliance_status: status === 'success' ? 'passed' : status === 'failed' ? 'did_not_pass' : 'pending',
      journey_flow_id: f!.flow.id,
    });
  }
  return out;
}

/**
 * The people whose flow asks its condition 'everytime' and who passed it for the visit the sign-in would take:
 * their earliest expected visit here (or anywhere) within its user type's grace period (`withinGrace`), answered online or at the front desk
 * (rule 214). The sign-in's own load finds that visit the same way (signin/load-sign-in.ts, expectedVisitOf).
 */
async function passedForExpectedVisit(tx: Db, entityId: number, areaId: number, people: { id: number }[], flowOf: Map<number, FlowChoice>, now: Date) {
  const asked = people.filter((p) => flowOf.get(p.id)?.flow.complianceFrequency === 'everytime' && flowOf.get(p.id)?.flow.complianceId);
  const passed = new Set<number>();
  if (!asked.length) return passed;
  const expected = await tx
    .selectDistinctOn([visits.userId], { userId: visits.userId, visitId: visits.id })
    .from(visits)
    .leftJoin(userTypes, and(eq(userTypes.id, visits.userTypeId), eq(userTypes.entityId, entityId)))
    .where(
      and(
        eq(visits.entityId, entityId),
        eq(visits.status, 'expected'),
        // Only visits that admit their person (rule 155), as expectedVisitOf.
        notInArray(visits.approvalState, ['pending', 'rejected']),
        inArray(visits.userId, asked.map((p) => p.id)),
        or(eq(visits.areaId, areaId), isNull(visits.areaId)),
        withinGrace(now),
      ),
    )
    .orderBy(visits.userId, visits.expectedAt);
  if (!expected.length) return passed;
  const passes = await tx
    .select({ userId: complianceUsers.userId, complianceId: complianceUsers.complianceId })
    .from(complianceUsers)
    .where(and(eq(complianceUsers.entityId, entityId), eq(complianceUsers.status, 'success'), inArray(complianceUsers.visitId, expected.map((v) => v.visitId))));
  for (const pass of passes) if (pass.complianceId === flowOf.get(pass.userId)?.flow.complianceId) passed.add(pass.userId);
  return passed;
}
