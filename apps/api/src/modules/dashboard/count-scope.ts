import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { areas, scans, sites, users, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { reachableSite, reachableSiteIds, siteFilter } from '../sites';
import { grantedUserTypeIds } from '../user-types';

/** What the daily counts count: the place asked for, within the caller's site and user-type grants (rule 96). */
export interface CountScope {
  /** The key of the kept days (`entity`, `site:<id>`, `area:<id>`, `sites:<ids>`), or null when they are not kept. */
  key: string | null;
  /** Days are local days here: the site's (or the area's site's) time zone, UTC for the whole organisation. */
  timeZone: string;
  scans: SQL;
  visits: SQL;
}

/** A condition appended to a statement's `where … and …`, or nothing. */
const andAlso = (cond: SQL | undefined) => (cond ? sql`and ${cond}` : sql``);

/**
 * The scope of one daily-counts request. A site or area outside the organisation, or outside a site-limited
 * caller's grants, is not found. A caller limited to some user types counts only people of those types; their
 * days are not kept, since a person's type can change without touching a scan.
 */
export async function countScope(tx: Db, actor: MemberActor, q: { site_id?: number; area_id?: number }): Promise<CountScope> {
  const e = actor.entityId;
  const granted = await reachableSiteIds(tx, actor);

  let key: string;
  let timeZone = 'UTC';
  let scanPlace: SQL | undefined;
  let visitPlace: SQL | undefined;
  if (q.area_id) {
    const [area] = await tx
      .select({ siteId: areas.siteId, tz: sites.timezone })
      .from(areas)
      .leftJoin(sites, eq(sites.id, areas.siteId))
      .where(and(eq(areas.id, q.area_id), eq(areas.entityId, e)));
    const visible = area && (granted === null || (area.siteId !== null && granted.includes(area.siteId)));
    if (!visible || (q.site_id && area.siteId !== q.site_id)) throw notFound();
    key = `area:${q.area_id}`;
    timeZone = area.tz ?? 'UTC';
    scanPlace = eq(scans.areaId, q.area_id);
    visitPlace = eq(visits.areaId, q.area_id);
  } else if (q.site_id) {
    timeZone = (await reachableSite(tx, actor, q.site_id)).timezone;
    key = `site:${q.site_id}`;
    scanPlace = inArray(scans.areaId, sql`(select ${areas.id} from ${areas} where ${areas.entityId} = ${e} and ${areas.siteId} = ${q.site_id})`);
    visitPlace = eq(visits.siteId, q.site_id);
  } else if (granted) {
    const ids = [...new Set(granted)].sort((a, b) => a - b);
    key = `sites:${ids.join(',')}`;
    scanPlace = inArray(scans.areaId, sql`(select ${areas.id} from ${areas} where ${areas.entityId} = ${e} and ${siteFilter(areas.siteId, ids)!})`);
    visitPlace = siteFilter(visits.siteId, ids);
  } else {
    key = 'entity';
  }

  const types = await grantedUserTypeIds(tx, actor);
  if (types === null) return { key, timeZone, scans: andAlso(scanPlace), visits: andAlso(visitPlace) };
  const people = types.size ? inArray(users.userTypeId, [...types]) : sql`false`;
  const ofTypes = sql`(select ${users.id} from ${users} where ${users.entityId} = ${e} and ${people})`;
  return {
    key: null,
    timeZone,
    scans: andAlso(and(scanPlace, inArray(scans.userId, ofTypes))),
    visits: andAlso(and(visitPlace, inArray(visits.userId, ofTypes))),
  };
}
