import { and, eq, inArray, sql } from 'drizzle-orm';
import { integrationPeople, integrationTempUsers, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { MappedPerson } from './mapping';
import { createPeople } from './people';
import type { IntegrationRow } from './store';

const BATCH = 500;
const column = { email: users.email, phone: users.phone, id_number: users.idNumber } as const;

const asPerson = (t: typeof integrationTempUsers.$inferSelect): MappedPerson => ({ externalId: t.externalId, data: t.data, userTypeId: t.userTypeId, errors: {}, errorType: null, active: true });

/**
 * Moves one batch of valid temporary people in (migrateUsers): one who matches an existing person on the unique
 * migration field (rule 275) is linked to that person, the others are created; the batch's temporary rows go in
 * the same transaction, so a batch is done once. Answers how many it moved.
 */
export async function migrateBatch(tx: Db, integ: IntegrationRow, counts: Record<string, number>) {
  const batch = await tx
    .select()
    .from(integrationTempUsers)
    .where(and(eq(integrationTempUsers.integrationId, integ.id), eq(integrationTempUsers.state, 'valid')))
    .orderBy(integrationTempUsers.id)
    .limit(BATCH);
  if (!batch.length) return 0;
  const field = integ.migrationField as keyof typeof column | null;
  const matched = new Map<string, number>();
  if (field && column[field]) {
    const values = batch.map((t) => t.data[field]).filter((v): v is string => !!v);
    if (values.length) {
      const col = field === 'email' ? sql`lower(${users.email})` : sql`${column[field]}`;
      const rows = await tx
        .select({ id: users.id, v: sql<string>`${col}` })
        .from(users)
        .where(and(eq(users.entityId, integ.entityId), inArray(col, values), sql`not exists (select 1 from integration_people ip where ip.user_id = ${users.id} and ip.integration_id = ${integ.id})`));
      const byValue = new Map(rows.map((r) => [String(r.v), r.id]));
      for (const t of batch) {
        const id = t.data[field] ? byValue.get(t.data[field]!) : undefined;
        if (id) matched.set(t.externalId, id);
      }
    }
  }
  const linked = batch.filter((t) => matched.has(t.externalId));
  if (linked.length) {
    await tx
      .insert(integrationPeople)
      .values(linked.map((t) => ({ entityId: integ.entityId, integrationId: integ.id, externalId: t.externalId, userId: matched.get(t.externalId)! })))
      .onConflictDoNothing();
    for (const t of linked) if (t.userTypeId) await tx.update(users).set({ userTypeId: t.userTypeId, updatedAt: sql`now()` }).where(and(eq(users.id, matched.get(t.externalId)!), sql`${users.userTypeId} is null`));
    counts.linked = (counts.linked ?? 0) + linked.length;
  }
  const created = batch.filter((t) => !matched.has(t.externalId));
  await createPeople(tx, integ, created.map(asPerson));
  counts.created = (counts.created ?? 0) + created.length;
  await tx.delete(integrationTempUsers).where(inArray(integrationTempUsers.id, batch.map((t) => t.id)));
  return batch.length;
}
