import { and, eq, sql, type SQL } from 'drizzle-orm';
import { areas, scans, sites, users, userSites, userUserTypes, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/** What the daily counts count: the place asked for, within the caller's site and user-type grants (rule 96). */
export interface CountScope {
  /** The key of the kept days (`entity`, `site:<id>`, `area:<id>`, `sites:<ids>`), or null when they are not kept. */
  key: string | null;
  /** Days are local days here: the site's (or the area's site's) time zone, UTC for the whole organisation. */
  timeZone: string;
  scans: SQL;
  visits: SQL;
}

/**
 * The scope of one daily-counts request. A site or area outside the organisation, or outside a site-limited
 * caller's grants, is not found. A caller limited to some user types counts only people of those types; their
 * days are not kept, since a person's type can change without touching a scan.
 */
export async function countScope(tx: Db, actor: MemberActor, q: { site_id?: number; area_id?: number }): Promise<CountScope> {
  const e = actor.entityId;
  const granted = actor.allSites ? null : (await tx.select({ id: userSites.siteId }).from(userSites).where(and(eq(userSites.entityId, e), eq(userSites.userId, actor.userId)))).map((r) => r.id);
  const visible = (siteId: number | null) => granted === null || (siteId !== null && granted.includes(siteId));

  let key: string;
  let timeZone = 'UTC';
  let scanPlace: SQL;
  let visitPlace: SQL;
  if (q.area_id) {
    const [area] = await tx
      .select({ siteId: areas.siteId, tz: sites.timezone })
      .from(areas)
      .leftJoin(sites, eq(sites.id, areas.siteId))
      .where(and(eq(areas.id, q.area_id), eq(areas.entityId, e)));
    if (!area || !visible(area.siteId) || (q.site_id && area.siteId !== q.site_id)) throw notFound();
    key = `area:${q.area_id}`;
    timeZone = area.tz ?? 'UTC';
    scanPlace = sql`and ${scans.areaId} = ${q.area_id}`;
    visitPlace = sql`and ${visits.areaId} = ${q.area_id}`;
  } else if (q.site_id) {
    const [site] = await tx.select({ tz: sites.timezone }).from(sites).where(and(eq(sites.id, q.site_id), eq(sites.entityId, e)));
    if (!site || !visible(q.site_id)) throw notFound();
    key = `site:${q.site_id}`;
    timeZone = site.tz;
    scanPlace = sql`and ${scans.areaId} in (select ${areas.id} from ${areas} where ${areas.entityId} = ${e} and ${areas.siteId} = ${q.site_id})`;
    visitPlace = sql`and ${visits.siteId} = ${q.site_id}`;
  } else if (granted) {
    const ids = [...new Set(granted)].sort((a, b) => a - b);
    key = `sites:${ids.join(',')}`;
    const list = ids.length ? sql.join(ids.map((id) => sql`${id}`), sql`, `) : sql`null`;
    scanPlace = sql`and ${scans.areaId} in (select ${areas.id} from ${areas} where ${areas.entityId} = ${e} and ${areas.siteId} in (${list}))`;
    visitPlace = sql`and ${visits.siteId} in (${list})`;
  } else {
    key = 'entity';
    scanPlace = sql``;
    visitPlace = sql``;
  }

  if (actor.allUserTypes) return { key, timeZone, scans: scanPlace, visits: visitPlace };
  const people = sql`(select ${users.id} from ${users} where ${users.entityId} = ${e}
    and ${users.userTypeId} in (select ${userUserTypes.userTypeId} from ${userUserTypes} where ${userUserTypes.userId} = ${actor.userId}))`;
  return { key: null, timeZone, scans: sql`${scanPlace} and ${scans.userId} in ${people}`, visits: sql`${visitPlace} and ${visits.userId} in ${people}` };
}
