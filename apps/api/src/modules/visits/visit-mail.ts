import { translate, type Language } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { areas, entities, journeyFlows, journeys, sites, userTypes, users, visits } from '../../db/schema/index';
import { asSystem } from '../../platform/db/tenant';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { preRegFlags } from './flow-rules';
import { visitCalendar } from './ics';
import { linkToken } from './visit-link';
import { safeZone } from '../../platform/time-zone';

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
        flow: journeyFlows,
        journey: journeys,
        type: userTypes,
      })
      .from(visits)
      .innerJoin(users, eq(users.id, visits.userId))
      .innerJoin(entities, eq(entities.id, visits.entityId))
      .leftJoin(areas, and(eq(areas.id, visits.areaId), eq(areas.entityId, visits.entityId)))
      .leftJoin(sites, and(eq(sites.id, visits.siteId), eq(sites.entityId, visits.entityId)))
      .leftJoin(journeyFlows, and(eq(journeyFlows.id, visits.journeyFlowId), eq(journeyFlows.entityId, visits.entityId)))
      .leftJoin(journeys, eq(journeys.id, journeyFlows.journeyId))
      .leftJoin(userTypes, and(eq(userTypes.id, visits.userTypeId), eq(userTypes.entityId, visits.entityId)))
      .where(eq(visits.id, visitId)),
  );
  return row ?? null;
}
type MailVisit = NonNullable<Awaited<ReturnType<typeof loadVisitForMail>>>;

const fromAddress = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from;

export function visitUrlOf(services: Services, v: MailVisit['visit']) {
  return `${services.config.publicUrl}/c/${linkToken(services.config.secretKey, v.id, v.linkNonce ?? '')}`;
}

/** The visit's words for a mail: names typed by people, the date, time and zone as the server keeps them. */
function vars(m: MailVisit) {
  const place = [m.siteName, m.areaName].filter(Boolean).join(', ') || m.entityName;
  return { name: `${m.user.firstName} ${m.user.lastName}`, org: m.entityName, place, date: made(m.visit.visitDate ?? ''), time: made((m.visit.visitTime ?? '').slice(0, 5)), tz: made(safeZone(m.timezone)) };
}

/** Rule 133's `is_qr_included` of the visit's flow; a visit without a flow gets its QR code. */
const qrIncluded = (m: MailVisit) => (m.flow && m.journey && m.type ? preRegFlags(m.journey, { flow: m.flow, type: m.type }).is_qr_included === 1 : true);

/**
 * The confirmation (or approval outcome) mail: text and HTML, the QR code as an inline PNG (cid) when the flow
 * includes it, and an `.ics` invitation. The QR holds the visit link; kiosks read its last path segment.
 */
export async function mailVisitConfirmation(services: Services, visitId: number, subjectKey = 'mail.visit_confirmation.subject') {
  const m = await loadVisitForMail(services, visitId);
  if (!m?.user.email || !m.visit.expectedAt) return;
  const lang = m.visit.lang as Language;
  const link = visitUrlOf(services, m.visit);
  const v = { ...vars(m), link: made(link) };
  const withQr = qrIncluded(m);
  const ics = visitCalendar({
    uid: `visit-${m.visit.id}@gatehouse`,
    start: m.visit.expectedAt,
    minutes: 60,
    summary: translate(lang, 'mail.calendar_summary', { place: v.place }),
    location: v.place,
    organizerName: m.entityName,
    organizerEmail: fromAddress(services.config.mailFrom),
    attendeeEmail: m.user.email,
    description: link,
  });
  const attachments: NonNullable<Parameters<Services['mail']['queue']>[0]['attachments']> = [];
  if (withQr) {
    const qr = await QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
    attachments.push({ filename: 'visit-qr.png', content: qr.toString('base64'), encoding: 'base64', contentType: 'image/png', cid: 'visit-qr' });
  }
  attachments.push({ filename: 'visit.ics', content: ics, contentType: 'text/calendar; charset=UTF-8; method=REQUEST' });
  const qrHtml = withQr ? '<p><img src="cid:visit-qr" alt="QR" width="240" height="240"></p>' : '';
  const bodyKey = withQr ? 'mail.visit_confirmation.body' : 'mail.visit_confirmation.body_no_qr';
  await services.mail.queue({ to: m.user.email, ...composeMail(lang, { subject: subjectKey, body: bodyKey }, v, { extraHtml: qrHtml }), attachments });
}

/** A plain mail in the visitor's language (pending approval, rejected): text and HTML parts. */
export async function mailVisitor(services: Services, visitId: number, subjectKey: string, bodyKey: string) {
  const m = await loadVisitForMail(services, visitId);
  if (!m?.user.email) return;
  const lang = m.visit.lang as Language;
  await services.mail.queue({ to: m.user.email, ...composeMail(lang, { subject: subjectKey, body: bodyKey }, vars(m)) });
}

/** Asks the host to approve (rule 155) with a single-use link to /visit-approval; in the host's own language. */
export async function mailApprovalRequest(services: Services, visitId: number, token: string) {
  const m = await loadVisitForMail(services, visitId);
  if (!m?.visit.hostUserId) return;
  const [host] = await asSystem(services.database.db, (tx) =>
    tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, lang: users.lang }).from(users).where(and(eq(users.id, m.visit.hostUserId!), eq(users.entityId, m.visit.entityId))),
  );
  if (!host?.email) return;
  const v = { ...vars(m), name: `${host.firstName} ${host.lastName}`, visitor: `${m.user.firstName} ${m.user.lastName}`, visitor_company: `${m.user.firstName} ${m.user.lastName}${m.user.companyName ? ` (${m.user.companyName})` : ''}`, link: made(`${services.config.publicUrl}/visit-approval/${token}`) };
  await services.mail.queue({ to: host.email, ...composeMail(host.lang, { subject: 'mail.approval_request.subject', body: 'mail.approval_request.body' }, v) });
}
