import { zLinkCode, zVisitUrl } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { visits } from '../../db/schema/index';
import type { LinkKind } from '../../platform/auth/link-caller';
import { hashToken } from '../../platform/auth/tokens';
import { asSystem } from '../../platform/db/tenant';
import { notFound } from '../../platform/errors';
import { hitOrganisation, type Link, resolveLink } from './link';
import { assertLinkOpen, type VisitByUrl, visitByUrl } from './visit-by-url';

/**
 * The visitors' link kinds of this module, for `access: 'link'` routes (platform/auth/link-caller.ts). Each
 * resolves its token to its organisation before the handler runs, and answers an unknown, used or expired link as
 * its rules say (rules 144-148, 155): 404 unknown or closed, 410 with the reason for a used or expired visit link.
 */

/** A pre-registration link (`/r/{code}`): its organisation, journey, place; unknown or expired 404 (rule 151's message). */
export const PREREG_LINK: LinkKind<Link> = {
  name: 'pre-registration',
  async resolve(services, token) {
    if (!zLinkCode.safeParse(token).success) return null;
    const link = await resolveLink(services.database.db, token);
    return { entityId: link.entity.id, data: link };
  },
};

/** A visit's confirmation link (`/c/{visitUrl}`): open unless the visit was rejected, deleted, expired, arrived or confirmed (rule 144). */
export const CONFIRMATION_LINK: LinkKind<VisitByUrl> = {
  name: 'confirmation',
  async resolve(services, token, state) {
    if (!zVisitUrl.safeParse(token).success) return null;
    const row = await visitByUrl(services.database.db, token);
    if (state === 'open') assertLinkOpen(row, 'confirmation');
    return { entityId: row.visit.entityId, data: row };
  },
};

/** A host's approval link from the approval mail: single use (spent by any decision), dead once the visit's links expire (rule 155). */
export const APPROVAL_LINK: LinkKind<{ id: number; entityId: number }> = {
  name: 'approval',
  async resolve(services, token) {
    if (!/^[A-Za-z0-9_-]{30,100}$/.test(token)) return null;
    const db = services.database.db;
    const [v] = await asSystem(db, (tx) =>
      tx.select({ id: visits.id, entityId: visits.entityId, expiresAt: visits.linkExpiresAt, status: visits.status }).from(visits).where(eq(visits.approvalTokenHash, hashToken(token))),
    );
    if (!v || v.status !== 'expected' || (v.expiresAt && v.expiresAt.getTime() < Date.now())) throw notFound('visits.approval_link_invalid');
    await hitOrganisation(db, v.entityId);
    return { entityId: v.entityId, data: { id: v.id, entityId: v.entityId } };
  },
};
