import { translate, type Language } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { areas, entities, preRegistrationLinks, sites, users, visits } from '../../db/schema/index';
import { asSystem } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { visitCalendar } from './ics';
import { linkToken } from './visit-link';
import { safeZone } from './zoned-time';

/** Everything a visit mail needs, loaded outside row-level security (jobs run without a session). */
export async function loadVisitForMail(services: Services, visitId: number) {
  const [row] = await asSystem(services.database.db, (tx) =>
    tx
      .select({
        visit: visits,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, companyName: users.companyName },
        entityName: entities.name,
        areaName: areas.name,
        siteName: sites.name,
        timezone: sites.timezone,
      })
      .from(visits)
      .innerJoin(users, eq(users.id, visits.userId))
      .innerJoin(entities, eq(entities.id, visits.entityId))
      .leftJoin(areas, eq(areas.id, visits.areaId))
      .leftJoin(sites, eq(sites.id, visits.siteId))
      .where(eq(visits.id, visitId)),
  );
  return row ?? null;
}
type MailVisit = NonNullable<Awaited<ReturnType<typeof loadVisitForMail>>>;

const fromAddress = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from;
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function visitUrlOf(services: Services, v: MailVisit['visit']) {
  return `${services.config.publicUrl}/c/${linkToken(services.config.secretKey, v.id, v.linkNonce ?? '')}`;
}

function vars(m: MailVisit) {
  const place = [m.siteName, m.areaName].filter(Boolean).join(', ') || m.entityName;
  return { name: `${m.user.firstName} ${m.user.lastName}`, org: m.entityName, place, date: m.visit.visitDate ?? '', time: (m.visit.visitTime ?? '').slice(0, 5), tz: safeZone(m.timezone) };
}

/**
 * The confirmation (or approval outcome) mail: text and HTML, the QR code as an inline PNG (cid), and an `.ics`
 * invitation. The QR holds the visit link; kiosks read its last path segment.
 */
export async function mailVisitConfirmation(services: Services, visitId: number, subjectKey = 'mail.visit_confirmation.subject') {
  const m = await loadVisitForMail(services, visitId);
  if (!m?.user.email || !m.visit.expectedAt) return;
  const lang = m.visit.lang as Language;
  const link = visitUrlOf(services, m.visit);
  const v = { ...vars(m), link };
  const text = translate(lang, 'mail.visit_confirmation.body', v);
  const qr = await QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
  const ics = visitCalendar({
    uid: `visit-${m.visit.id}@gatehouse`,
    start: m.visit.expectedAt,
    minutes: 60,
    summary: translate(lang, 'mail.calendar_summary', v),
    location: v.place,
    organizerName: m.entityName,
    organizerEmail: fromAddress(services.config.mailFrom),
    attendeeEmail: m.user.email,
    description: link,
  });
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}" lang="${lang}">${escapeHtml(text).replace(/\n/g, '<br>')}<p><img src="cid:visit-qr" alt="QR" width="240" height="240"></p></div>`;
  await services.mail.queue({
    to: m.user.email,
    subject: translate(lang, subjectKey, v),
    text,
    html,
    attachments: [
      { filename: 'visit-qr.png', content: qr.toString('base64'), encoding: 'base64', contentType: 'image/png', cid: 'visit-qr' },
      { filename: 'visit.ics', content: ics, contentType: 'text/calendar; charset=UTF-8; method=REQUEST' },
    ],
  });
}

/** A plain mail in the visitor's language (pending approval, rejected). */
export async function mailVisitor(services: Services, visitId: number, subjectKey: string, bodyKey: string) {
  const m = await loadVisitForMail(services, visitId);
  if (!m?.user.email) return;
  const lang = m.visit.lang as Language;
  const v = vars(m);
  await services.mail.queue({ to: m.user.email, subject: translate(lang, subjectKey, v), text: translate(lang, bodyKey, v) });
}

/** Asks the host to approve (rule 155) with a single-use link; in the host's own language. */
export async function mailApprovalRequest(services: Services, visitId: number, token: string) {
  const m = await loadVisitForMail(services, visitId);
  if (!m?.visit.hostUserId) return;
  const [host] = await asSystem(services.database.db, (tx) =>
    tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, lang: users.lang }).from(users).where(and(eq(users.id, m.visit.hostUserId!), eq(users.entityId, m.visit.entityId))),
  );
  if (!host?.email) return;
  const v = { ...vars(m), name: `${host.firstName} ${host.lastName}`, visitor: `${m.user.firstName} ${m.user.lastName}`, company: m.user.companyName ?? '-', link: `${services.config.publicUrl}/visit-approval/${token}` };
  await services.mail.queue({ to: host.email, subject: translate(host.lang, 'mail.approval_request.subject', v), text: translate(host.lang, 'mail.approval_request.body', v) });
}

export const COMPLIANCE_JOB = 'visits.compliance-link';
interface ComplianceJob {
  visitId: number;
  reminder: boolean;
}

/**
 * Rules 199-200: the entry-condition link goes out no sooner than the flow's lead time before the visit, then
 * reminders at its interval until the visit starts or the conditions are answered. pg-boss keeps the scheduled
 * jobs (`startAfter`) in the database, so they survive a restart.
 */
export async function scheduleComplianceLink(services: Services, visitId: number, expectedAt: Date, leadMinutes: number) {
  const at = new Date(Math.max(Date.now(), expectedAt.getTime() - leadMinutes * 60_000));
  if (!services.jobs.started) return null;
  return services.jobs.send<ComplianceJob>(COMPLIANCE_JOB, { visitId, reminder: false }, { startAfter: at, singletonKey: `compliance-${visitId}-${at.getTime()}` });
}

export function registerVisitJobs(services: Services) {
  services.jobs.work<ComplianceJob>(COMPLIANCE_JOB, async ({ visitId, reminder }) => {
    const m = await loadVisitForMail(services, visitId);
    if (!m?.user.email || !m.visit.expectedAt) return;
    const stage = m.visit.journeyStage;
    if (m.visit.status !== 'expected' || m.visit.approvalState === 'rejected' || (stage !== 'compliance_pending' && stage !== 'approved_by_admin')) return;
    if (m.visit.expectedAt.getTime() < Date.now()) return;
    const [link] = m.visit.preRegistrationLinkId
      ? await asSystem(services.database.db, (tx) => tx.select({ every: preRegistrationLinks.complianceReminderMinutes }).from(preRegistrationLinks).where(eq(preRegistrationLinks.id, m.visit.preRegistrationLinkId!)))
      : [];
    const lang = m.visit.lang as Language;
    const v = { ...vars(m), link: `${services.config.publicUrl}/online-compliance/${linkToken(services.config.secretKey, m.visit.id, m.visit.linkNonce ?? '')}` };
    await services.mail.queue({
      to: m.user.email,
      subject: translate(lang, reminder ? 'mail.compliance_reminder.subject' : 'mail.compliance_link.subject', v),
      text: translate(lang, 'mail.compliance_link.body', v),
    });
    await asSystem(services.database.db, (tx) => tx.update(visits).set({ complianceLinkSentAt: new Date() }).where(eq(visits.id, visitId)));
    const every = Math.max(30, link?.every ?? 240);
    const next = new Date(Date.now() + every * 60_000);
    if (next.getTime() < m.visit.expectedAt.getTime()) {
      await services.jobs.send<ComplianceJob>(COMPLIANCE_JOB, { visitId, reminder: true }, { startAfter: next, singletonKey: `compliance-${visitId}-${next.getTime()}` });
    }
  });
}
