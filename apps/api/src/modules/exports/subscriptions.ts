import { type Language, translate } from '@gatehouse/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { reportExports, reportSubscriptions, sites, users } from '../../db/schema/index';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { localClock, zonedMidnight } from '../../platform/time-zone';
import { runExport } from './run-export';

export type Frequency = 'daily' | 'weekly' | 'monthly';

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * The next time a subscription is due after `after`: at `hour` on the site's clock, the next day (daily), the next
 * Monday (weekly, rule 121: weeks start on Monday) or the first of the next month (monthly).
 */
export function nextRunAt(frequency: Frequency, hour: number, tz: string, after: Date): Date {
  const today = localClock(after, tz).date;
  const at = (date: string) => new Date(zonedMidnight(date, tz).getTime() + hour * 3600_000);
  let date = today;
  for (let i = 0; i < 40; i += 1) {
    const fits = frequency === 'daily' || (frequency === 'weekly' && weekday(date) === 1) || (frequency === 'monthly' && date.endsWith('-01'));
    if (fits && at(date) > after) return at(date);
    date = addDays(date, 1);
  }
  return at(date);
}

/** The local days a run covers: yesterday, the week before the Monday it runs, or the month before. */
export function periodOf(frequency: Frequency, runDate: string) {
  if (frequency === 'daily') return { start: addDays(runDate, -1), end: addDays(runDate, -1) };
  if (frequency === 'weekly') return { start: addDays(runDate, -7), end: addDays(runDate, -1) };
  const end = addDays(runDate.slice(0, 8) + '01', -1);
  return { start: end.slice(0, 8) + '01', end };
}

/** Fits the period into the report's query (its own names for the dates). */
function paramsFor(report: string, base: Record<string, unknown>, period: { start: string; end: string }, siteId: number) {
  if (report === 'history') return { ...base, filterBy: { ...((base.filterBy as object) ?? {}), start_date: period.start, end_date: period.end, site_id: [siteId] } };
  if (report === 'users_not_on_site') return { ...base, date: period.end, site_id: siteId };
  return { ...base, start: period.start, end: period.end, site_id: siteId };
}

const ATTACH_MAX = 5 * 1024 * 1024;

/**
 * Sends the scheduled reports that are due: each is built as an export of its creator (their grants, rule 96) for
 * the period just ended on the site's clock, then mailed to the subscribed people (attached when small enough,
 * otherwise a link to the export list). The next run is set before building, so a crash does not send it twice.
 */
export async function sendDueReports(services: Services, now = new Date()) {
  const db = services.database.db;
  const due = await asSystem(db, (tx) =>
    tx
      .select({ s: reportSubscriptions, tz: sites.timezone })
      .from(reportSubscriptions)
      .innerJoin(sites, eq(sites.id, reportSubscriptions.siteId))
      .where(lte(reportSubscriptions.nextRunAt, now))
      .limit(100),
  );
  let sent = 0;
  for (const { s, tz } of due) {
    const runDate = localClock(s.nextRunAt, tz).date;
    const claimed = await withTenant(db, s.entityId, async (tx) => {
      const [row] = await tx
        .update(reportSubscriptions)
        .set({ nextRunAt: nextRunAt(s.frequency, s.hour, tz, now), lastRunAt: now })
        .where(and(eq(reportSubscriptions.id, s.id), eq(reportSubscriptions.nextRunAt, s.nextRunAt)))
        .returning();
      if (!row || !s.createdBy) return null;
      const [creator] = await tx.select({ lang: users.lang, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.id, s.createdBy));
      const [exp] = await tx
        .insert(reportExports)
        .values({
          entityId: s.entityId,
          report: s.report,
          format: s.format,
          params: paramsFor(s.report, s.params, periodOf(s.frequency, runDate), s.siteId!),
          lang: (creator?.lang ?? 'en') as Language,
          requestedBy: s.createdBy,
          requestedByName: creator?.name ?? '',
          subscriptionId: s.id,
        })
        .returning();
      return exp;
    });
    if (!claimed) continue;
    await runExport(services, { entityId: s.entityId, exportId: claimed.id });
    await withTenant(db, s.entityId, async (tx) => {
      const [built] = await tx.select().from(reportExports).where(eq(reportExports.id, claimed.id));
      if (built.status !== 'ready' || !built.fileKey) return;
      const recipients = s.recipientIds.length
        ? await tx.select({ email: users.email, firstName: users.firstName, lang: users.lang }).from(users).where(and(eq(users.entityId, s.entityId), inArray(users.id, s.recipientIds), eq(users.status, 'active')))
        : [];
      const attach = (built.size ?? 0) <= ATTACH_MAX ? (await services.storage.get(built.fileKey)).toString('base64') : null;
      for (const p of recipients) {
        if (!p.email) continue;
        const lang = p.lang as Language;
        const vars = { name: p.firstName, report: made(translate(lang, `exports.report.${s.report}`)), frequency: made(translate(lang, `exports.frequency.${s.frequency}`)), rows: built.rows ?? 0 };
        const list = made(`${services.config.publicUrl.replace(/\/$/, '')}/reporting/export-list`);
        await services.mail.queue(
          {
            to: p.email,
            ...composeMail(lang, { subject: 'exports.scheduled_subject', body: 'exports.scheduled_body' }, vars, attach ? {} : { after: list }),
            attachments: attach ? [{ filename: built.fileName ?? `report.${s.format}`, content: attach, encoding: 'base64' }] : undefined,
          },
          { tx },
        );
        sent += 1;
      }
    });
  }
  return sent;
}
