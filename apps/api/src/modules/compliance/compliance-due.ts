import type { ComplianceFrequency } from '@gatehouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { complianceUsers } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { localClock } from '../../platform/time-zone';

const DAY = 86_400_000;

/**
 * Rule 198: whether a person must answer an entry condition again, given the flow's frequency and their last
 * passed answer. everytime: always; daily: not yet today (the calendar day of `timeZone`, a site's, else UTC);
 * weekly: 7 days since; monthly: one calendar month since; one-off: never once passed; valid till expiry: when the
 * pass (PCR valid days) expired.
 */
export function isComplianceDue(frequency: ComplianceFrequency | string, lastPassedAt: Date | null, now: Date, validDays?: number | null, timeZone = 'UTC'): boolean {
  if (!lastPassedAt) return true;
  switch (frequency) {
    case 'daily':
      return localClock(lastPassedAt, timeZone).date !== localClock(now, timeZone).date;
    case 'weekly':
      return now.getTime() - lastPassedAt.getTime() >= 7 * DAY;
    case 'monthly': {
      const next = new Date(lastPassedAt);
      next.setUTCMonth(next.getUTCMonth() + 1);
      return now >= next;
    }
    case 'one-off':
      return false;
    case 'valid till expiry':
      return now.getTime() - lastPassedAt.getTime() >= Math.max(1, validDays ?? 1) * DAY;
    default:
      return true;
  }
}

/** The person's last passed answer of an entry condition, and whether a new one is due. */
export async function complianceDueFor(tx: Db, entityId: number, userId: number, complianceId: number, frequency: string, validDays: number | null, now = new Date()) {
  const [last] = await tx
    .select({ at: complianceUsers.createdAt })
    .from(complianceUsers)
    .where(and(eq(complianceUsers.entityId, entityId), eq(complianceUsers.userId, userId), eq(complianceUsers.complianceId, complianceId), eq(complianceUsers.status, 'success')))
    .orderBy(desc(complianceUsers.createdAt))
    .limit(1);
  return { lastPassedAt: last?.at ?? null, due: isComplianceDue(frequency, last?.at ?? null, now, validDays) };
}
