import type { z } from 'zod';
import { type ConditionState, journeyStageOf, type zCreateExpectedVisitForm } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { userTypes, users, visits } from '../../db/schema/index';
import { newToken } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { badRequest } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { Services } from '../../platform/services';
import { complianceDueFor, evaluateAnswers, saveAnswers, scheduleComplianceLink } from '../compliance';
import { writeCustomFieldValues } from '../custom-fields';
import { canSwitchType, currentCondition, hostStep, mandatoryDetails, preRegFlags } from './flow-rules';
import { isHost } from './hosts';
import { type FlowType, type Link, offeredFlow } from './link';
import { storeVisitorPhoto } from './photo';
import { checkPreRegValues } from './prereg-fields';
import { mailApprovalRequest, mailVisitConfirmation, mailVisitor } from './visit-mail';
import { linkExpiry, linkHash, linkToken, newLinkNonce } from './visit-link';
import { assertContactsFree, assertNoDuplicateVisit, expectedInstant, findPerson } from './visit-rules';
import { normTime } from '../../platform/time-zone';

type Form = z.output<typeof zCreateExpectedVisitForm>;
type Check = { user_type_id: number; visit_date: string; visit_time: string; email?: string; phone?: string; passport_id?: string; host?: number };

/** Rules 137 and 193 for a person already known: may they take the chosen user type through the link? */
async function assertMayTakeType(tx: Db, entityId: number, person: typeof users.$inferSelect, to: FlowType['type']) {
  if (person.userTypeId === to.id) return;
  const [from] = person.userTypeId ? await tx.select().from(userTypes).where(and(eq(userTypes.id, person.userTypeId), eq(userTypes.entityId, entityId))) : [];
  if (!canSwitchType(person, from ?? null, to)) throw badRequest({ user_type_id: ['prereg.not_allowed'] }, 'prereg.not_allowed');
}

/** Checks shared by validate-expected-visit and create-expected-visit: the flow's user type and host, rules 135-139. */
export async function checkPreRegistration(services: Services, link: Link, f: Check) {
  if (!link.area) throw badRequest({ area_id: ['prereg.not_available'] }, 'prereg.not_available');
  const expectedAt = expectedInstant(f.visit_date, f.visit_time, link.site?.timezone ?? 'UTC');
  const entityId = link.entity.id;
  return withTenant(services.database.db, entityId, async (tx) => {
    const offered = await offeredFlow(tx, link, f.user_type_id);
    const host = hostStep(offered.flow);
    if (f.host !== undefined) {
      if (!host.asked || !(await isHost(tx, entityId, offered.flow, f.host))) throw badRequest({ host: ['prereg.host_invalid'] }, 'prereg.host_invalid');
    } else if (!host.optional) throw badRequest({ host: ['prereg.host_required'] }, 'prereg.host_required');
    const person = await findPerson(tx, entityId, { email: f.email, phone: f.phone, passportId: f.passport_id });
    if (person) {
      // An archived member of the console (a former employee) is not made active again through a public link.
      if (person.status === 'archived' && person.roleId) throw badRequest({ email: ['prereg.not_allowed'] }, 'prereg.not_allowed');
      await assertMayTakeType(tx, entityId, person, offered.type);
      await assertNoDuplicateVisit(tx, entityId, { userIds: [person.id], areaId: link.area!.id, date: f.visit_date, time: f.visit_time });
    }
    return { offered, expectedAt, person };
  });
}

/** Rule 194's mandatory data of the user type beyond the form's own fields. */
function assertMandatory(type: FlowType['type'], f: Form) {
  const errors: Record<string, string[]> = {};
  for (const m of mandatoryDetails(type)) if (!f[m]) errors[m] = ['validation.required'];
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * Public pre-registration (rules 130-140, 152, 156, 210-212): checks everything first (flow, host, person,
 * mandatory data, custom fields, entry-condition answers, photo), then in one transaction finds or creates the
 * person, creates the visit with its stage and approval state and stores the answers; then mails and plans the
 * entry-condition link when it is still to be answered.
 */
export async function createExpectedVisit(services: Services, link: Link, f: Form, photo: UploadedFile | undefined, lang: 'en' | 'ar' | 'es') {
  const db = services.database.db;
  const entityId = link.entity.id;
  const { offered, expectedAt, person: existing } = await checkPreRegistration(services, link, f);
  const { flow, type } = offered;
  assertMandatory(type, f);
  const flags = preRegFlags(link.journey, offered);
  const { values, condition, evaluation } = await withTenant(db, entityId, async (tx) => {
    const values = await checkPreRegValues(tx, entityId, flow, f.custom_fields);
    const condition = await currentCondition(tx, entityId, flow.complianceId);
    const given = f.compliances?.length ? f.compliances : null;
    if (given && (!condition || given.length !== 1 || given[0].complianceId !== condition.complianceId)) throw badRequest({ compliances: ['compliance.not_in_flow'] });
    const evaluation = given && condition ? evaluateAnswers(condition.questions, given[0].answer, { notes: f.notes }) : null;
    // Rule 198: a person whose last pass still holds at the visit's time (the flow's frequency) is not asked again.
    const due = !condition || evaluation || !existing ? true : (await complianceDueFor(tx, entityId, existing.id, condition.complianceId, flow.complianceFrequency, condition.pcrValidDays, expectedAt)).due;
    return { values, condition: due ? condition : null, evaluation };
  });
  let image: string | null = null;
  if (flags.is_image_required && !existing?.image) {
    if (!photo) throw badRequest({ image: ['prereg.image_required'] }, 'prereg.image_required');
    image = await storeVisitorPhoto(services.storage, entityId, photo.data);
  }
  const needsApproval = type.registrationMethod === 'approval_required';
  const conditionState: ConditionState = !condition ? 'none' : !evaluation ? 'pending' : evaluation.status === 'success' ? 'passed' : 'failed';
  const approval = needsApproval ? newToken() : null;
  const nonce = newLinkNonce();
  const visit = await withTenant(db, entityId, async (tx) => {
    let person = existing;
    if (person) {
      await assertContactsFree(tx, entityId, { email: f.email, phone: f.phone, idNumber: f.id_number }, person.id);
      [person] = await tx
        .update(users)
        .set({
          userTypeId: type.id,
          companyName: f.company_name ?? person.companyName,
          idNumber: f.id_number ?? person.idNumber,
          ...(image ? { image } : {}),
          // A returning visitor who was archived (a leaver, a tidy list) is a visitor again (docs/decisions.md).
          ...(person.status === 'archived' ? { status: 'active' as const, archivedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, person.id), eq(users.entityId, entityId)))
        .returning();
    } else {
      await assertContactsFree(tx, entityId, { email: f.email, phone: f.phone, idNumber: f.id_number });
      [person] = await tx
        .insert(users)
        .values({ entityId, userTypeId: type.id, firstName: f.first_name, lastName: f.last_name, email: f.email, phone: f.phone, companyName: f.company_name ?? null, idNumber: f.id_number ?? null, image, lang })
        .returning();
    }
    await assertNoDuplicateVisit(tx, entityId, { userIds: [person.id], areaId: link.area!.id, date: f.visit_date, time: f.visit_time });
    const [row] = await tx
      .insert(visits)
      .values({
        entityId,
        userId: person.id,
        siteId: link.area!.siteId,
        areaId: link.area!.id,
        userTypeId: type.id,
        journeyFlowId: flow.id,
        hostUserId: f.host ?? null,
        status: 'expected',
        expectedAt,
        visitDate: f.visit_date,
        visitTime: normTime(f.visit_time),
        registrationMethod: type.registrationMethod as typeof visits.$inferInsert.registrationMethod,
        journeyStage: journeyStageOf(needsApproval ? 'pending' : 'not_required', conditionState),
        approvalState: needsApproval ? 'pending' : 'not_required',
        linkNonce: nonce,
        linkTokenHash: `pending-${nonce}`,
        linkExpiresAt: linkExpiry(expectedAt, type.gracePeriod),
        approvalTokenHash: approval?.hash ?? null,
        passportId: f.passport_id ?? null,
        companyName: f.company_name ?? null,
        image: image ?? person.image,
        customFields: f.custom_fields ?? [],
        lang,
        preRegistrationLinkId: link.link.id,
      })
      .returning();
    const token = linkToken(services.config.secretKey, row.id, nonce);
    await tx.update(visits).set({ linkTokenHash: linkHash(token) }).where(and(eq(visits.id, row.id), eq(visits.entityId, entityId)));
    if (values.length) await writeCustomFieldValues(tx, entityId, person.id, values);
    if (f.compliances?.length && evaluation) {
      await saveAnswers(tx, entityId, { userId: person.id, compliances: f.compliances, notes: f.notes ?? null, scan: { visitId: row.id }, source: 'online' });
    }
    return { ...row, token };
  }).catch(async (err) => {
    if (image) await services.storage.remove(image.replace('/api/files/', '')).catch(() => undefined);
    throw err;
  });
  if (needsApproval) {
    await mailVisitor(services, visit.id, 'mail.visit_confirmation.subject', 'mail.visit_pending.body');
    await mailApprovalRequest(services, visit.id, approval!.token);
  } else {
    await mailVisitConfirmation(services, visit.id);
    if (conditionState === 'pending') await scheduleComplianceLink(services, visit.id);
  }
  return visit;
}
