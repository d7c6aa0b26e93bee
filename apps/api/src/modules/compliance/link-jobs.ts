import type { Language } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { areas, complianceUsers, complianceVersions, compliances, entities, journeyFlows, sites, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem } from '../../platform/db/tenant';
import { jobsIn } from '../../platform/jobs';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { complianceDueFor } from './compliance-due';
import { createComplianceLink } from './compliance-link';

/**
 * The ONE way a visitor gets their entry-conditions link by mail (rules 199-200): a pg-boss job per send, kept in
 * the database (a restart loses none). Send n runs no sooner than the flow's lead time before the visit; it
 * claims `visits.compliance_link_sends` n -> n+1, makes a new link (the previous one stops working), queues the
 * mail and schedules send n+1 one reminder interval later, all in one transaction: a job run twice, or two jobs
 * for the same send, mail once. Sending stops when the visit is no longer expected, awaits or lost its approval,
 * has started, has answers, or the person's answers are not due (the flow's frequency, rule 198).
 */
export const COMPLIANCE_LINK_JOB = 'compliance.link';
export interface ComplianceLinkJob {
  visitId: number;
  /** The number of link mails already sent when this job was planned: the send it may claim. */
  send: number;
}

const MINUTE = 60_000;

async function loadVisit(tx: Db, visitId: number, lock: boolean) {
  const q = tx
    .select({
      visit: visits,
      user: { email: users.email, firstName: users.firstName, lastName: users.lastName },
      org: entities.name,
      area: areas.name,
      site: sites.name,
      timezone: sites.timezone,
      flow: { complianceId: journeyFlows.complianceId, frequency: journeyFlows.complianceFrequency, lead: journeyFlows.sendBeforeVisitMinutes, every: journeyFlows.reminderIntervalMinutes },
    })
    .from(visits)
    .innerJoin(users, and(eq(users.id, visits.userId), eq(users.entityId, visits.entityId)))
    .innerJoin(entities, eq(entities.id, visits.entityId))
    .leftJoin(areas, and(eq(areas.id, visits.areaId), eq(areas.entityId, visits.entityId)))
    .leftJoin(sites, and(eq(sites.id, visits.siteId), eq(sites.entityId, visits.entityId)))
    .leftJoin(journeyFlows, and(eq(journeyFlows.id, visits.journeyFlowId), eq(journeyFlows.entityId, visits.entityId)))
    .where(eq(visits.id, visitId));
  const [row] = lock ? await q.for('update', { of: visits }) : await q;
  return row ?? null;
}
type LinkVisit = NonNullable<Awaited<ReturnType<typeof loadVisit>>>;

/**
 * When the planned send may go: the lead time before the visit for the first (at once when the flow sets no lead),
 * one reminder interval after the last for the next ones.
 */
function dueAt(r: LinkVisit, now: Date) {
  const v = r.visit;
  const first = r.flow?.lead ? v.expectedAt!.getTime() - r.flow.lead * MINUTE : now.getTime();
  const reminder = v.complianceLinkSends > 0 && v.complianceLinkSentAt ? v.complianceLinkSentAt.getTime() + (r.flow?.every ?? 0) * MINUTE : first;
  return new Date(Math.max(now.getTime(), first, reminder));
}

/** Why no (more) link goes out for this visit, or null when one may. */
async function stopReason(tx: Db, r: LinkVisit, now: Date) {
  const v = r.visit;
  if (!r.flow?.complianceId) return 'no_condition';
  if (v.status !== 'expected') return 'not_expected';
  if (v.approvalState === 'pending' || v.approvalState === 'rejected') return 'approval';
  if (!v.expectedAt || v.expectedAt.getTime() <= now.getTime()) return 'started';
  if (!r.user.email) return 'no_email';
  if (v.complianceLinkSends > 0 && !r.flow.every) return 'no_reminders';
  const [answered] = await tx
    .select({ id: complianceUsers.id })
    .from(complianceUsers)
    .where(and(eq(complianceUsers.entityId, v.entityId), eq(complianceUsers.visitId, v.id)))
    .limit(1);
  if (answered) return 'answered';
  const [current] = await tx
    .select({ validDays: complianceVersions.pcrValidDays })
    .from(compliances)
    .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
    .where(and(eq(compliances.id, r.flow.complianceId), eq(compliances.entityId, v.entityId)));
  if (!current) return 'no_condition';
  const { due } = await complianceDueFor(tx, v.entityId, v.userId, r.flow.complianceId, r.flow.frequency ?? 'everytime', current.validDays, v.expectedAt);
  return due ? null : 'not_due';
}

/** The entry-conditions mail in the visitor's language: text and HTML parts. */
export function complianceLinkMail(services: Services, r: Pick<LinkVisit, 'visit' | 'user' | 'org' | 'area' | 'site' | 'timezone'>, code: string, reminder: boolean) {
  const lang = r.visit.lang as Language;
  const vars = {
    name: `${r.user.firstName} ${r.user.lastName}`,
    org: r.org,
    place: [r.site, r.area].filter(Boolean).join(', ') || r.org,
    date: made(r.visit.visitDate ?? r.visit.expectedAt?.toISOString().slice(0, 10) ?? ''),
    time: made((r.visit.visitTime ?? '').slice(0, 5)),
    tz: made(r.timezone ?? 'UTC'),
    link: made(`${services.config.publicUrl}/online-compliance/${code}`),
  };
  return { to: r.user.email!, ...composeMail(lang, { subject: reminder ? 'mail.compliance_reminder.subject' : 'mail.compliance_link.subject', body: 'mail.compliance_link.body' }, vars) };
}

/** Plans the next link mail of a visit (after registration, approval or a change of date); nothing without a job queue. */
export async function scheduleComplianceLink(services: Services, visitId: number, now = new Date()) {
  if (!services.jobs.started) return null;
  const r = await asSystem(services.database.db, (tx) => loadVisit(tx, visitId, false));
  if (!r?.flow?.complianceId || !r.visit.expectedAt) return null;
  return services.jobs.send<ComplianceLinkJob>(COMPLIANCE_LINK_JOB, { visitId, send: r.visit.complianceLinkSends }, { startAfter: dueAt(r, now), retryLimit: 5, retryBackoff: true });
}

/** Runs one planned send (the job's worker; tests call it with a clock). Answers what it did. */
export async function runComplianceLinkJob(services: Services, job: ComplianceLinkJob, now = new Date()) {
  return asSystem(services.database.db, async (tx) => {
    const r = await loadVisit(tx, job.visitId, true);
    if (!r) return 'gone' as const;
    if (r.visit.complianceLinkSends !== job.send) return 'already_sent' as const;
    if (await stopReason(tx, r, now)) return 'stopped' as const;
    const at = dueAt(r, now);
    const queue = services.jobs.started ? { db: jobsIn(tx) } : null;
    if (at.getTime() > now.getTime()) {
      // Planned before the visit moved later: wait for the right time (the send is still unclaimed).
      if (queue) await services.jobs.send<ComplianceLinkJob>(COMPLIANCE_LINK_JOB, job, { startAfter: at, ...queue });
      return 'rescheduled' as const;
    }
    await tx.update(visits).set({ complianceLinkSends: job.send + 1, complianceLinkSentAt: now }).where(and(eq(visits.id, r.visit.id), eq(visits.complianceLinkSends, job.send)));
    const { code } = await createComplianceLink(tx, r.visit.entityId, r.visit, now);
    await services.mail.queue(complianceLinkMail(services, r, code, job.send > 0), { tx });
    const every = r.flow?.every;
    const next = every ? new Date(now.getTime() + every * MINUTE) : null;
    if (queue && next && next.getTime() < r.visit.expectedAt!.getTime()) {
      await services.jobs.send<ComplianceLinkJob>(COMPLIANCE_LINK_JOB, { visitId: r.visit.id, send: job.send + 1 }, { startAfter: next, retryLimit: 5, retryBackoff: true, ...queue });
    }
    return 'sent' as const;
  });
}

/** The same mail for a link made by hand (the console's resend), outside the planned sends. */
export async function mailComplianceLinkNow(services: Services, visitId: number, code: string) {
  const r = await asSystem(services.database.db, (tx) => loadVisit(tx, visitId, false));
  if (r?.user.email) await services.mail.queue(complianceLinkMail(services, r, code, false));
}

export function registerComplianceLinkJobs(services: Services) {
  services.jobs.work<ComplianceLinkJob>(COMPLIANCE_LINK_JOB, async (job) => {
    await runComplianceLinkJob(services, job);
  });
}
