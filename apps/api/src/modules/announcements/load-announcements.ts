import type { AnnouncementStatus, Language } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { announcementSites, announcementUserTypes, announcements, sites, users, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { presentAnnouncement, presentView } from './present';

/** Rule 263 in SQL: the grid's tabs. */
export const statusCondition = (status: AnnouncementStatus): SQL =>
  status === 'scheduled'
    ? sql`${announcements.publishAt} > now()`
    : status === 'expired'
      ? sql`${announcements.expiresAt} is not null and ${announcements.expiresAt} <= now()`
      : sql`${announcements.publishAt} <= now() and (${announcements.expiresAt} is null or ${announcements.expiresAt} > now())`;

async function targetsOf(tx: Db, entityId: number, ids: number[]) {
  if (!ids.length) return { types: [], places: [] };
  const [types, places] = await Promise.all([
    tx
      .select({ announcementId: announcementUserTypes.announcementId, id: userTypes.id, name: userTypes.name })
      .from(announcementUserTypes)
      .innerJoin(userTypes, eq(userTypes.id, announcementUserTypes.userTypeId))
      .where(and(eq(announcementUserTypes.entityId, entityId), inArray(announcementUserTypes.announcementId, ids))),
    tx
      .select({ announcementId: announcementSites.announcementId, id: sites.id, name: sites.name })
      .from(announcementSites)
      .innerJoin(sites, eq(sites.id, announcementSites.siteId))
      .where(and(eq(announcementSites.entityId, entityId), inArray(announcementSites.announcementId, ids))),
  ]);
  return { types, places };
}

/** Announcements, pinned first then newest, with their targets and author, paged. */
export async function loadAnnouncements(tx: Db, entityId: number, where: SQL | undefined, page: { limit: number; offset: number }) {
  const base = and(eq(announcements.entityId, entityId), where);
  const [rows, [{ count }]] = await Promise.all([
    tx
      .select({ a: announcements, author: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')` })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy))
      .where(base)
      .orderBy(desc(announcements.pinned), desc(announcements.publishAt), desc(announcements.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ count: sql<number>`count(*)::int` }).from(announcements).where(base),
  ]);
  const { types, places } = await targetsOf(tx, entityId, rows.map((r) => r.a.id));
  const data = rows.map(({ a, author }) =>
    presentAnnouncement(
      a,
      {
        userTypes: types.filter((t) => t.announcementId === a.id).map(({ id, name }) => ({ id, name })),
        sites: places.filter((s) => s.announcementId === a.id).map(({ id, name }) => ({ id, name })),
      },
      author,
    ),
  );
  return { data, count };
}

/**
 * The active announcements of a place and reader, in the reader's language: for a kiosk, every user type at its
 * site (the kiosk picks the signing person's); for a member, their own user type at their sites.
 */
export async function activeFor(tx: Db, entityId: number, lang: Language, opts: { siteId?: number | null; siteIds?: number[] | null; userTypeId?: number | null }) {
  const conds: SQL[] = [eq(announcements.entityId, entityId), statusCondition('active')];
  const siteList = opts.siteIds ?? (opts.siteId ? [opts.siteId] : null);
  if (siteList) {
    conds.push(
      sql`(not exists (select 1 from ${announcementSites} s where s.announcement_id = ${announcements.id})${
        siteList.length ? sql` or exists (select 1 from ${announcementSites} s where s.announcement_id = ${announcements.id} and ${inArray(sql`s.site_id`, siteList)})` : sql``
      })`,
    );
  }
  if (opts.userTypeId !== undefined) {
    conds.push(opts.userTypeId === null ? sql`false` : sql`exists (select 1 from ${announcementUserTypes} t where t.announcement_id = ${announcements.id} and t.user_type_id = ${opts.userTypeId})`);
  }
  const rows = await tx
    .select()
    .from(announcements)
    .where(and(...conds))
    .orderBy(desc(announcements.urgent), desc(announcements.pinned), asc(announcements.publishAt))
    .limit(50);
  const { types } = await targetsOf(tx, entityId, rows.map((r) => r.id));
  return rows.map((r) => presentView(r, types.filter((t) => t.announcementId === r.id).map((t) => t.id), lang));
}
