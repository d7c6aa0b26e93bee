import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/** Sign-in methods counted as input options of an area (rule 235). */
export const REMOTE_METHOD = 'remote';
export const GEOFENCE_METHOD = 'geofence';

/** People signed in now, in the given areas or site: in total and through remote access and geofence (rule 235). */
export async function countSignedIn(tx: Db, entityId: number, where: { areaIds?: number[]; siteId?: number }) {
  const conds: SQL[] = [eq(visits.entityId, entityId), eq(visits.status, 'signed_in')];
  if (where.areaIds) conds.push(where.areaIds.length ? inArray(visits.areaId, where.areaIds) : sql`false`);
  if (where.siteId) conds.push(sql`("visits"."site_id" = ${where.siteId} or "visits"."area_id" in (select a."id" from "areas" a where a."site_id" = ${where.siteId} and a."entity_id" = ${entityId}))`);
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      remote: sql<number>`count(*) filter (where ${visits.signInMethod} = ${REMOTE_METHOD})::int`,
      geofence: sql<number>`count(*) filter (where ${visits.signInMethod} = ${GEOFENCE_METHOD})::int`,
    })
    .from(visits)
    .where(and(...conds));
  return { total: row?.total ?? 0, remote: row?.remote ?? 0, geofence: row?.geofence ?? 0 };
}
