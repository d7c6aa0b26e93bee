import { createHmac, randomBytes } from 'node:crypto';
import { type LinkExpiryReason, linkExpiryMessageKey } from '@gatehouse/contract';
import { hashToken } from '../../platform/auth/tokens';


/**
 * The visit link token (`/c/{visitUrl}`): an HMAC of a per-visit random nonce under SECRET_KEY. Only its hash is
 * stored (lookups), and the server can repeat the same token in later mails (approval outcome, reminders).
 */
export function newLinkNonce() {
  return randomBytes(24).toString('base64url');
}
export function linkToken(secret: string, visitId: number, nonce: string) {
  return createHmac('sha256', secret).update(`visit-link:${visitId}:${nonce}`).digest('base64url');
}
export const linkHash = (token: string) => hashToken(token);

export interface LinkVisit {
  status: string;
  approvalState: string;
  confirmationState: string;
  expectedAt: Date | null;
  linkExpiresAt: Date | null;
}

/**
 * Rule 144: a link is expired when the visit was rejected, deleted, expired (missed) or the person already
 * arrived (scanned); otherwise an already confirmed visit also counts as expired, except for the compliance link.
 */
export function linkState(v: LinkVisit, kind: 'confirmation' | 'compliance', now = new Date()): LinkExpiryReason | null {
  if (v.status === 'deleted') return 'VISIT_DELETED';
  if (v.approvalState === 'rejected') return 'VISIT_REJECTED';
  if (v.status === 'signed_in' || v.status === 'signed_out' || v.status === 'auto_closed') return 'SCAN_EXPIRED';
  if (v.linkExpiresAt && v.linkExpiresAt.getTime() < now.getTime()) return 'VISIT_EXPIRED';
  if (kind === 'confirmation' && v.confirmationState === 'confirmed') return 'VISIT_CONFIRMED';
  return null;
}

/** Message keys of rules 146-148 (one source with the /link-expired page: the contract's). */
export const reasonMessageKey = (reason: LinkExpiryReason, kind: 'confirmation' | 'compliance') => linkExpiryMessageKey(reason, kind);

/** The visit's links work until its user type's grace period (minutes, rules 190 and 194) after the expected time. */
export const linkExpiry = (expectedAt: Date, graceMinutes: number) => new Date(expectedAt.getTime() + graceMinutes * 60_000);
