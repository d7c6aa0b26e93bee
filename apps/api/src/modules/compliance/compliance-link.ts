import { linkExpiryMessageKey } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { complianceLinks, visits } from '../../db/schema/index';
import { hashToken, newToken } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import { asSystem } from '../../platform/db/tenant';

const DAY = 86_400_000;

/**
 * A compliance link for a visit (rules 144-148): a long random code (only its hash is stored) that expires a day
 * after the expected visit, or in 7 days when the visit has no time. Earlier links of the visit stop working.
 * The link jobs (link-jobs.ts) call this when they send the entry conditions before a visit.
 */
export async function createComplianceLink(tx: Db, entityId: number, visit: { id: number; userId: number; expectedAt: Date | null }, now = new Date()) {
  const { token } = newToken();
  const expiresAt = new Date(Math.max(now.getTime() + DAY, (visit.expectedAt?.getTime() ?? now.getTime() + 6 * DAY) + DAY));
  await tx.update(complianceLinks).set({ expiresAt: now }).where(and(eq(complianceLinks.entityId, entityId), eq(complianceLinks.visitId, visit.id), sql`${complianceLinks.expiresAt} > ${now}`));
  await tx.insert(complianceLinks).values({ entityId, visitId: visit.id, userId: visit.userId, codeHash: hashToken(token), expiresAt, createdAt: now });
  return { code: token, expiresAt };
}

export type LinkState =
  | { ok: true; link: typeof complianceLinks.$inferSelect; visit: typeof visits.$inferSelect }
  | { ok: false; reason: string; message: string; link: typeof complianceLinks.$inferSelect; visit: typeof visits.$inferSelect };

/** Finds a link by its code (across organisations: the code names its own), or null for an unknown code. */
export async function findLink(db: Db, code: string) {
  const [link] = await asSystem(db, (tx) => tx.select().from(complianceLinks).where(eq(complianceLinks.codeHash, hashToken(code))));
  return link ?? null;
}

/**
 * Rules 144-148 for compliance links: expired when the visit was deleted or rejected, was missed, the person has
 * already arrived (or left), or the link was already used or replaced.
 */
export function linkState(link: typeof complianceLinks.$inferSelect, visit: typeof visits.$inferSelect, now = new Date()): LinkState {
  const fail = (reason: string): LinkState => ({ ok: false, reason, message: linkExpiryMessageKey(reason, 'compliance'), link, visit });
  if (visit.status === 'deleted') return fail('VISIT_DELETED');
  if (visit.approvalState === 'rejected') return fail('VISIT_REJECTED');
  if (visit.status === 'signed_in') return fail('ALREADY_ARRIVED');
  if (visit.status === 'signed_out' || visit.status === 'auto_closed') return fail('SCAN_EXPIRED');
  if (link.usedAt) return fail('ALREADY_COMPLETED');
  if (link.expiresAt <= now) return fail('VISIT_EXPIRED');
  return { ok: true, link, visit };
}
