import { auditLog } from '../db/schema/index';
import type { Actor } from './auth/actor';
import type { Db } from './db/client';

/** Records who changed what and when, in the same transaction as the change. */
export async function audit(
  tx: Db,
  entityId: number,
  actor: Pick<Actor, 'accountId' | 'userId'> | null,
  action: string,
  subject: string,
  subjectId?: string | number | null,
  changes?: Record<string, unknown>,
) {
  await tx.insert(auditLog).values({
    entityId,
    actorAccountId: actor?.accountId ?? null,
    actorUserId: actor?.userId ?? null,
    action,
    subject,
    subjectId: subjectId == null ? null : String(subjectId),
    changes: changes ?? null,
  });
}
