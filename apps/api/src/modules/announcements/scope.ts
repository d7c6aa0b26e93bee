import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { announcementSites, announcementUserTypes, announcements, sites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { reachableSiteIds } from '../sites/index';
import { grantedUserTypeIds } from '../user-types/index';

/** Every grant decision of announcements (rule 96), in one place to switch to the grants service. */
export async function scopeOf(tx: Db, actor: MemberActor) {
  const [siteIds, types] = await Promise.all([reachableSiteIds(tx, actor), grantedUserTypeIds(tx, actor)]);
  return { sites: siteIds, types: types ? [...types] : null };
}
export type AnnouncementScope = Awaited<ReturnType<typeof scopeOf>>;

/** An announcement is the member's when one of its user types is granted and it targets every site or a reachable one. */
export function visible(scope: AnnouncementScope): SQL | undefined {
  const conds: SQL[] = [];
  if (scope.types) {
    conds.push(
      scope.types.length
        ? sql`exists (select 1 from ${announcementUserTypes} t where t.announcement_id = ${announcements.id} and ${inArray(sql`t.user_type_id`, scope.types)})`
        : sql`false`,
    );
  }
  if (scope.sites) {
    conds.push(
      sql`(not exists (select 1 from ${announcementSites} s where s.announcement_id = ${announcements.id})${
        scope.sites.length ? sql` or exists (select 1 from ${announcementSites} s where s.announcement_id = ${announcements.id} and ${inArray(sql`s.site_id`, scope.sites)})` : sql``
      })`,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

export async function reachableAnnouncement(tx: Db, actor: MemberActor, scope: AnnouncementScope, id: number) {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.entityId, actor.entityId), visible(scope)));
  if (!row) throw notFound('announcements.unknown');
  return row;
}

/** The targets named by a body: of the organisation and within the member's grants, otherwise 404. */
export async function checkTargets(tx: Db, actor: MemberActor, scope: AnnouncementScope, typeIds: number[], siteIds: number[]) {
  const types = [...new Set(typeIds)];
  const places = [...new Set(siteIds)];
  const [t, s] = await Promise.all([
    tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, actor.entityId), inArray(userTypes.id, types))),
    places.length ? tx.select({ id: sites.id }).from(sites).where(and(eq(sites.entityId, actor.entityId), inArray(sites.id, places))) : Promise.resolve([]),
  ]);
  if (t.length !== types.length || t.some((x) => scope.types && !scope.types.includes(x.id))) throw notFound('announcements.user_type_unknown');
  if (s.length !== places.length || s.some((x) => scope.sites && !scope.sites.includes(x.id))) throw notFound('announcements.site_unknown');
  return { types, places };
}
