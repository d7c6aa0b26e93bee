import { SYNC_CODES } from '@gatehouse/contract';

export type Phase = 'polling' | 'done' | 'retry' | 'reauth' | 'auth_message' | 'failed';

/** Rule 270: what a polled sync code means. */
export function phaseOf(code: number): Phase {
  if ([SYNC_CODES.queued, SYNC_CODES.authenticating, SYNC_CODES.listing, SYNC_CODES.saving, SYNC_CODES.migrating].includes(code as never)) return 'polling';
  if (code === SYNC_CODES.done || code === SYNC_CODES.doneWithIssues) return 'done';
  // Rule 271: 4, 5 and 8 restart the first or automatic sync; 7 restarts migration.
  if (code === SYNC_CODES.firstFailed || code === SYNC_CODES.syncFailed || code === SYNC_CODES.interrupted || code === SYNC_CODES.migrationFailed) return 'retry';
  if (code === SYNC_CODES.authFailed) return 'reauth';
  if (code === SYNC_CODES.authFailedMessage) return 'auth_message';
  return 'failed';
}

/** Rules 273-274: the first check 3 s after the start, then every 5 s (3 s while migrating). */
export const FIRST_CHECK_MS = 3000;
export const pollEvery = (migration: boolean) => (migration ? 3000 : 5000);
