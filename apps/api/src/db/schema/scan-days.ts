import { date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { entityId } from './core';

/** The grain both tables share: the site's local day, site, area, user type (the person's type now; null: none), method. */
const dayKey = () => ({
  entityId: entityId(),
  day: date({ mode: 'string' }).notNull(),
  siteId: integer('site_id').notNull(),
  areaId: integer('area_id').notNull(),
  userTypeId: integer('user_type_id'),
  method: text().notNull(),
});

/**
 * The visit summary's kept counts (issue 18): sign-ins and sign-outs by the site's local day, site, area, user type
 * (the person's type now; null: none) and input method. Kept by triggers on scans, users, areas and sites in the
 * writing transaction (migration 0022, docs/decisions.md), so every writer (kiosk, console, imports, merges,
 * cascades, the purge) is counted without knowing of it. Only scans with an area count, as in the logbook.
 */
export const scanDayCounts = pgTable(
  'scan_day_counts',
  {
    ...dayKey(),
    signIns: integer('sign_ins').notNull().default(0),
    signOuts: integer('sign_outs').notNull().default(0),
  },
  (t) => [unique('scan_day_counts_key').on(t.entityId, t.day, t.siteId, t.areaId, t.userTypeId, t.method).nullsNotDistinct()],
);

/**
 * Who signed in on each local day, by site, area, user type and input method (the sign-ins of that person there):
 * the summary's distinct people. Kept with scan_day_counts; a row goes when its last sign-in does.
 */
export const scanDayPeople = pgTable(
  'scan_day_people',
  {
    ...dayKey(),
    userId: integer('user_id').notNull(),
    signIns: integer('sign_ins').notNull().default(0),
  },
  (t) => [
    unique('scan_day_people_key').on(t.entityId, t.day, t.siteId, t.areaId, t.userTypeId, t.method, t.userId).nullsNotDistinct(),
    // The summary reads each person's rows together (their days, sites, areas and methods in a period).
    index('scan_day_people_person_idx').on(t.entityId, t.userId, t.day, t.siteId, t.areaId, t.userTypeId, t.method),
  ],
);
