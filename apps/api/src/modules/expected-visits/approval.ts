import { and, eq } from 'drizzle-orm';
import { preRegistrationLinks, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { mailVisitConfirmation, mailVisitor, scheduleComplianceLink } from '../prereg/visit-mail';

export type ApprovalAction = 'approve' | 'reject' | 'approve_rejected' | 'reject_approved';

/** Rule 155: four distinct actions, each valid from one state only. */
const FROM: Record<ApprovalAction, 'pending' | 'approved' | 'rejected'> = { approve: 'pending', reject: 'pending', approve_rejected: 'rejected', reject_approved: 'approved' };
const TO: Record<ApprovalAction, 'approved' | 'rejected'> = { approve: 'approved', reject: 'rejected', approve_rejected: 'approved', reject_approved: 'rejected' };

/**
 * Applies an approval action inside the caller's tenant transaction. A rejected visit's links stop working
 * (rule 144's VISIT_REJECTED); the host's mail link is spent by any decision. Answers what to mail afterwards.
 */
export async function decideVisit(tx: Db, entityId: number, visitId: number, action: ApprovalAction) {
  const [v] = await tx.select().from(visits).where(and(eq(visits.id, visitId), eq(visits.entityId, entityId)));
  if (!v) return null;
  if (v.status !== 'expected' || v.approvalState !== FROM[action]) throw conflict('visits.wrong_state');
  const to = TO[action];
  const [updated] = await tx
    .update(visits)
    .set({ approvalState: to, journeyStage: to === 'approved' ? 'approved_by_admin' : 'rejected_by_admin', approvalTokenHash: null, updatedAt: new Date() })
    .where(and(eq(visits.id, visitId), eq(visits.entityId, entityId), eq(visits.approvalState, FROM[action])))
    .returning();
  if (!updated) throw conflict('visits.wrong_state');
  const [link] = v.preRegistrationLinkId
    ? await tx.select().from(preRegistrationLinks).where(and(eq(preRegistrationLinks.id, v.preRegistrationLinkId), eq(preRegistrationLinks.entityId, entityId)))
    : [];
  return { visit: updated, link: link ?? null };
}

/** The visitor hears the outcome in their language; an approved visit gets its QR and calendar invitation. */
export async function announceDecision(services: Services, decided: NonNullable<Awaited<ReturnType<typeof decideVisit>>>) {
  const { visit, link } = decided;
  if (visit.approvalState === 'approved') {
    await mailVisitConfirmation(services, visit.id, 'mail.outcome_approved.subject');
    if (link?.isComplianceRequired && visit.expectedAt) await scheduleComplianceLink(services, visit.id, visit.expectedAt, link.complianceSendBeforeMinutes);
  } else {
    await mailVisitor(services, visit.id, 'mail.outcome_rejected.subject', 'mail.outcome_rejected.body');
  }
}
