import type { z } from 'zod';
import type { zCreateExpectedVisitForm } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { users, visits } from '../../db/schema/index';
import { newToken } from '../../platform/auth/tokens';
import { withTenant } from '../../platform/db/tenant';
import { badRequest } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { Services } from '../../platform/services';
import { isHost } from './hosts';
import { offeredUserType, type ResolvedLink } from './link';
import { storeVisitorPhoto } from './photo';
import { mailApprovalRequest, mailVisitConfirmation, mailVisitor, scheduleComplianceLink } from './visit-mail';
import { linkExpiry, linkHash, linkToken, newLinkNonce } from './visit-link';
import { assertContactsFree, assertNoDuplicateVisit, expectedInstant, findPerson } from './visit-rules';
import { normTime } from './zoned-time';

type Form = z.output<typeof zCreateExpectedVisitForm>;

/** Rule 137: an existing person of another type may switch only when the link allows it, never a console user. */
export const canSwitchType = (link: NonNullable<ResolvedLink>, person: { roleId: number | null }) => link.link.enableSwitchUserType && !person.roleId;

/** Checks shared by validate-expected-visit and create-expected-visit (rules 135-139). */
export async function checkPreRegistration(services: Services, link: NonNullable<ResolvedLink>, f: { user_type_id: number; visit_date: string; visit_time: string; email?: string; phone?: string; passport_id?: string; host?: number }) {
  const db = services.database.db;
  const userType = await offeredUserType(db, link, f.user_type_id);
  if (!link.area) throw badRequest({ area_id: ['prereg.not_available'] }, 'prereg.not_available');
  const expectedAt = expectedInstant(f.visit_date, f.visit_time, link.site?.timezone ?? 'UTC');
  return withTenant(db, link.entity.id, async (tx) => {
    if (f.host !== undefined) {
      if (!(await isHost(tx, link, f.host))) throw badRequest({ host: ['prereg.host_invalid'] }, 'prereg.host_invalid');
    } else if (!link.link.allowNotSelectHost) throw badRequest({ host: ['prereg.host_required'] }, 'prereg.host_required');
    const person = await findPerson(tx, link.entity.id, { email: f.email, phone: f.phone, passportId: f.passport_id });
    if (person && person.userTypeId !== userType.id && !canSwitchType(link, person)) throw badRequest({ user_type_id: ['prereg.not_allowed'] }, 'prereg.not_allowed');
    if (person) await assertNoDuplicateVisit(tx, link.entity.id, { userIds: [person.id], areaId: link.area!.id, date: f.visit_date, time: f.visit_time });
    return { userType, expectedAt, person };
  });
}

/**
 * Public pre-registration (rules 130-140, 152, 156): finds or creates the person, stores the photo when the flow
 * requires one and the person has none (rule 134), creates the visit with its stage and approval state, then mails.
 */
export async function createExpectedVisit(services: Services, link: NonNullable<ResolvedLink>, f: Form, photo: UploadedFile | undefined, lang: 'en' | 'ar' | 'es') {
  const db = services.database.db;
  const { userType, expectedAt, person: existing } = await checkPreRegistration(services, link, f);
  let image: string | null = null;
  if (link.link.isImageRequired && !existing?.image) {
    if (!photo) throw badRequest({ image: ['prereg.image_required'] }, 'prereg.image_required');
    image = await storeVisitorPhoto(services.storage, link.entity.id, photo.data);
  }
  const needsApproval = userType.pre_registration_method === 'approval_required';
  const approval = needsApproval ? newToken() : null;
  const nonce = newLinkNonce();
  const entityId = link.entity.id;
  const visit = await withTenant(db, entityId, async (tx) => {
    let person = existing;
    if (person) {
      await assertContactsFree(tx, entityId, { email: f.email, phone: f.phone }, person.id);
      const [updated] = await tx
        .update(users)
        .set({ userTypeId: userType.id, companyName: f.company_name ?? person.companyName, ...(image ? { image } : {}), updatedAt: new Date() })
        .where(eq(users.id, person.id))
        .returning();
      person = updated;
    } else {
      await assertContactsFree(tx, entityId, { email: f.email, phone: f.phone });
      [person] = await tx
        .insert(users)
        .values({ entityId, userTypeId: userType.id, firstName: f.first_name, lastName: f.last_name, email: f.email, phone: f.phone, companyName: f.company_name ?? null, image, lang })
        .returning();
    }
    await assertNoDuplicateVisit(tx, entityId, { userIds: [person.id], areaId: link.area!.id, date: f.visit_date, time: f.visit_time });
    const stage = needsApproval ? 'awaiting_admin_approval' : link.link.isComplianceRequired ? 'compliance_pending' : 'ready_to_sign_in';
    const [row] = await tx
      .insert(visits)
      .values({
        entityId,
        userId: person.id,
        siteId: link.area!.siteId,
        areaId: link.area!.id,
        userTypeId: userType.id,
        journeyFlowId: link.flow.id,
        hostUserId: f.host ?? null,
        status: 'expected',
        expectedAt,
        visitDate: f.visit_date,
        visitTime: normTime(f.visit_time),
        registrationMethod: userType.pre_registration_method,
        journeyStage: stage,
        approvalState: needsApproval ? 'pending' : 'not_required',
        linkNonce: nonce,
        linkTokenHash: `pending-${nonce}`,
        linkExpiresAt: linkExpiry(expectedAt),
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
    await tx.update(visits).set({ linkTokenHash: linkHash(token) }).where(eq(visits.id, row.id));
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
    if (link.link.isComplianceRequired) await scheduleComplianceLink(services, visit.id, expectedAt, link.link.complianceSendBeforeMinutes);
  }
  return visit;
}
