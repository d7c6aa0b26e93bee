import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client';

/**
 * The organisation's time zone, where one is needed for the whole organisation (the nightly purge, "today" of a
 * report without a site): its first site's. Organisations carry no time zone of their own (docs/decisions.md).
 */
export async function organisationTimeZone(tx: Db, entityId: number, siteId?: number): Promise<string> {
  const rows = rowsOf<{ timezone: string }>(
    await tx.execute(sql`select timezone from sites where entity_id = ${entityId} ${siteId ? sql`and id = ${siteId}` : sql``} order by id limit 1`),
  );
  return rows[0]?.timezone ?? 'UTC';
}
