import type { FlowBody } from '@gatehouse/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { attendanceModes, compliances, journeyFlows, sections, userTypes, users, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { closeOpenVisits } from '../visits';
import { NOT_REQUIRED, assertOwned, registrationMethods, usableJourney } from './policy';

type Audit = (tx: Db, action: string, subject: string, subjectId?: string | number | null, changes?: Record<string, unknown>) => Promise<void>;

const columns = (b: FlowBody) => ({
  name: b.name,
  description: b.description ?? null,
  userTypeId: b.user_type_id,
  inputMethod: b.input_method,
  temperatureCheck: b.temperature_check,
  maskCheck: b.mask_check,
  complianceId: b.compliance_id ?? null,
  complianceFrequency: b.compliance_frequency,
  sendBeforeVisitMinutes: b.send_before_visit ?? null,
  reminderIntervalMinutes: b.reminder_interval ?? null,
  sectionIds: [...new Set(b.section_ids)],
  feedback: b.feedback,
  printBadge: b.print_badge,
  doorRelay: b.door_relay,
  wiegandOutput: b.wiegand_output,
  facialRecognition: b.facial_recognition,
  rfidScan: b.rfid_scan,
  hostRequired: b.host,
  allowNoHost: b.allow_no_host,
  hostUserTypeIds: [...new Set(b.host_user_type_ids)],
  notificationEmails: b.notification_emails ?? null,
  attendanceModeId: b.attendance_mode_id ?? null,
});

/** References must be the organisation's own (404-free 400, nothing changes); one flow per user type; rule 192. */
async function checkFlow(tx: Db, actor: MemberActor, journeyId: number, b: FlowBody, exceptFlowId?: number) {
  await assertOwned(tx, actor.entityId, userTypes, [b.user_type_id], 'user_type_id', 'journeys.user_type_invalid');
  await assertOwned(tx, actor.entityId, userTypes, b.host_user_type_ids, 'host_user_type_ids', 'journeys.user_type_invalid');
  if (b.compliance_id) {
    const [c] = await tx.select({ id: compliances.id }).from(compliances).where(and(eq(compliances.id, b.compliance_id), eq(compliances.entityId, actor.entityId), isNull(compliances.deletedAt)));
    if (!c) throw badRequest({ compliance_id: ['journeys.compliance_invalid'] });
  }
  await assertOwned(tx, actor.entityId, attendanceModes, [b.attendance_mode_id], 'attendance_mode_id', 'journeys.attendance_mode_invalid');
  await assertOwned(tx, actor.entityId, sections, b.section_ids, 'section_ids', 'journeys.section_invalid');
  const others = await tx
    .select({ id: journeyFlows.id, userTypeId: journeyFlows.userTypeId })
    .from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.journeyId, journeyId), exceptFlowId ? ne(journeyFlows.id, exceptFlowId) : undefined));
  if (others.some((o) => o.userTypeId === b.user_type_id)) throw conflict('journeys.user_type_taken', { user_type_id: ['journeys.user_type_taken'] });
  // Rule 192: only one 'registration not required' user type per journey.
  const ids = [b.user_type_id, ...others.map((o) => o.userTypeId).filter((v): v is number => v !== null)];
  const methods = await registrationMethods(tx, actor.entityId, ids);
  if (NOT_REQUIRED(methods.get(b.user_type_id)) && others.some((o) => o.userTypeId !== null && NOT_REQUIRED(methods.get(o.userTypeId)))) {
    throw badRequest({ user_type_id: ['journeys.registration_not_required_once'] });
  }
}

export async function createFlow(tx: Db, actor: MemberActor, journeyId: number, b: FlowBody, audit: Audit) {
  await usableJourney(tx, actor, journeyId);
  await checkFlow(tx, actor, journeyId, b);
  const [row] = await tx.insert(journeyFlows).values({ entityId: actor.entityId, journeyId, ...columns(b) }).returning();
  await audit(tx, 'create', 'journey_flow', row.id, { name: row.name, journey_id: journeyId, user_type_id: b.user_type_id });
  return row;
}

export async function loadFlowRow(tx: Db, actor: MemberActor, flowId: number) {
  const [row] = await tx.select().from(journeyFlows).where(and(eq(journeyFlows.id, flowId), eq(journeyFlows.entityId, actor.entityId)));
  if (!row) throw notFound();
  await usableJourney(tx, actor, row.journeyId);
  return row;
}

/** Signed-in people whose visit runs on this flow: the people a change of the flow would strand (rule 154). */
export async function strandedBy(tx: Db, entityId: number, flowId: number) {
  return tx
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .where(and(eq(visits.entityId, entityId), eq(visits.journeyFlowId, flowId), eq(visits.status, 'signed_in')));
}

/** A change that alters how people on the flow signed in (user type, input, entry condition, attendance mode). */
export function isMaterialChange(row: typeof journeyFlows.$inferSelect, b: Partial<FlowBody>) {
  return (
    (b.user_type_id !== undefined && b.user_type_id !== row.userTypeId) ||
    (b.input_method !== undefined && b.input_method !== row.inputMethod) ||
    (b.compliance_id !== undefined && (b.compliance_id ?? null) !== row.complianceId) ||
    (b.attendance_mode_id !== undefined && (b.attendance_mode_id ?? null) !== row.attendanceModeId)
  );
}

export async function updateFlow(tx: Db, actor: MemberActor, flowId: number, b: FlowBody, audit: Audit) {
  const row = await loadFlowRow(tx, actor, flowId);
  await checkFlow(tx, actor, row.journeyId, b, flowId);
  let closed: { id: number }[] = [];
  if (isMaterialChange(row, b)) {
    const stranded = await strandedBy(tx, actor.entityId, flowId);
    if (stranded.length && !b.auto_close_visits) {
      throw new AppError(409, 'journeys.flow_strands_confirm', { vars: { count: stranded.length }, data: { signed_in_count: stranded.length } });
    }
    if (stranded.length) closed = await closeOpenVisits(tx, { entityId: actor.entityId, journeyFlowIds: [flowId], method: 'flow_change' });
  }
  const [updated] = await tx
    .update(journeyFlows)
    .set({ ...columns(b), updatedAt: sql`now()` })
    .where(and(eq(journeyFlows.id, flowId), eq(journeyFlows.entityId, actor.entityId)))
    .returning();
  await audit(tx, 'update', 'journey_flow', flowId, { name: updated.name, closed_visits: closed.map((c) => c.id) });
  return { row: updated, closed };
}
