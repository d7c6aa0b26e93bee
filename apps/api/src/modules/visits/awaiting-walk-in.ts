import { journeyStageOf } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { userTypes, visits } from '../../db/schema/index';
import { newToken } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import type { Services } from '../../platform/services';
import { mailApprovalRequest, mailVisitor } from './visit-mail';
import { linkExpiry, linkHash, linkToken, newLinkNonce } from './visit-link';

export interface AwaitingWalkIn {
  entityId: number;
  userId: number;
  siteId: number;
  areaId: number;
  userTypeId: number;
  journeyFlowId: number;
  hostUserId: number | null;
  companyName: string | null;
  image: string | null;
  lang: 'en' | 'ar' | 'es';
  at: Date;
}

/**
 * A walk-in of a user type that needs approval (rules 155-156) is registered as a visit expected now, awaiting
 * approval, as a pre-registration of that type is: the host's single-use approve/reject link is made, and the
 * confirmation link (its QR code) is mailed only once approved. Inside the caller's tenant transaction; answers
 * the visit and the approval link's token, for `announceAwaitingWalkIn` after the commit.
 */
export async function expectWalkInForApproval(tx: Db, secretKey: string, w: AwaitingWalkIn) {
  const approval = newToken();
  const nonce = newLinkNonce();
  // The link lasts the type's grace period after the visit's time, as a pre-registration's does (rules 190, 194).
  const [type] = await tx.select({ gracePeriod: userTypes.gracePeriod }).from(userTypes).where(and(eq(userTypes.id, w.userTypeId), eq(userTypes.entityId, w.entityId)));
  const [row] = await tx
    .insert(visits)
    .values({
      entityId: w.entityId,
      userId: w.userId,
      siteId: w.siteId,
      areaId: w.areaId,
      userTypeId: w.userTypeId,
      journeyFlowId: w.journeyFlowId,
      hostUserId: w.hostUserId,
      status: 'expected',
      expectedAt: w.at,
      registrationMethod: 'approval_required',
      journeyStage: journeyStageOf('pending', 'none'),
      approvalState: 'pending',
      linkNonce: nonce,
      linkTokenHash: `pending-${nonce}`,
      linkExpiresAt: linkExpiry(w.at, type?.gracePeriod ?? 30),
      approvalTokenHash: approval.hash,
      companyName: w.companyName,
      image: w.image,
      lang: w.lang,
    })
    .returning({ id: visits.id });
  await tx
    .update(visits)
    .set({ linkTokenHash: linkHash(linkToken(secretKey, row.id, nonce)) })
    .where(and(eq(visits.id, row.id), eq(visits.entityId, w.entityId)));
  return { visitId: row.id, approvalToken: approval.token };
}

/** After the commit: the host gets the approval mail with its link, the visitor hears that the visit awaits it. */
export async function announceAwaitingWalkIn(services: Services, visitId: number, approvalToken: string) {
  await mailVisitor(services, visitId, 'mail.visit_confirmation.subject', 'mail.visit_pending.body');
  await mailApprovalRequest(services, visitId, approvalToken);
}
