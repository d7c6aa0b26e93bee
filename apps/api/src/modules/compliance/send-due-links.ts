import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { complianceLinks, complianceUsers, entities, journeyFlows, users, visits } from '../../db/schema/index';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { translate } from '../../platform/i18n';
import type { Services } from '../../platform/services';
import { createComplianceLink } from './compliance-link';

const MINUTE = 60_000;

/**
 * Sends the entry-conditions link of expected visits (rules 199-200): first when the visit is within the flow's
 * send-before-visit lead, then a reminder every reminder interval until the person has passed or the visit starts.
 * Idempotent: run it every minute from the scheduler. Answers how many mails were queued.
 */
export async function sendDueComplianceLinks(services: Services, now = new Date()) {
  const db = services.database.db;
  const candidates = await asSystem(db, (tx) =>
    tx
      .select({ visit: visits, lead: journeyFlows.sendBeforeVisitMinutes, interval: journeyFlows.reminderIntervalMinutes })
      .from(visits)
      .innerJoin(journeyFlows, eq(journeyFlows.id, visits.journeyFlowId))
      .where(and(eq(visits.status, 'expected'), isNotNull(journeyFlows.complianceId), isNotNull(journeyFlows.sendBeforeVisitMinutes), gt(visits.expectedAt, now))),
  );
  let sent = 0;
  for (const c of candidates) {
    const expectedAt = c.visit.expectedAt!;
    if (now.getTime() < expectedAt.getTime() - (c.lead ?? 0) * MINUTE) continue;
    const mail = await withTenant(db, c.visit.entityId, async (tx) => {
      const [passed] = await tx
        .select({ id: complianceUsers.id })
        .from(complianceUsers)
        .where(and(eq(complianceUsers.entityId, c.visit.entityId), eq(complianceUsers.visitId, c.visit.id), eq(complianceUsers.status, 'success')))
        .limit(1);
      if (passed) return null;
      const [last] = await tx
        .select({ createdAt: complianceLinks.createdAt, usedAt: complianceLinks.usedAt })
        .from(complianceLinks)
        .where(and(eq(complianceLinks.entityId, c.visit.entityId), eq(complianceLinks.visitId, c.visit.id)))
        .orderBy(desc(complianceLinks.createdAt))
        .limit(1);
      if (last && (last.usedAt || !c.interval || now.getTime() < last.createdAt.getTime() + c.interval * MINUTE)) return null;
      const [person] = await tx
        .select({ email: users.email, first: users.firstName, lang: users.lang, org: entities.name })
        .from(users)
        .innerJoin(entities, eq(entities.id, users.entityId))
        .where(and(eq(users.id, c.visit.userId), eq(users.entityId, c.visit.entityId)));
      if (!person?.email) return null;
      const link = await createComplianceLink(tx, c.visit.entityId, c.visit, now);
      return { ...person, ...link };
    });
    if (!mail) continue;
    await services.mail.queue({
      to: mail.email!,
      subject: translate(mail.lang, 'compliance.mail_subject', { org: mail.org }),
      text: translate(mail.lang, 'compliance.mail_body', { name: mail.first, link: `${services.config.publicUrl}/online-compliance/${mail.code}`, expires: mail.expiresAt.toISOString().slice(0, 16).replace('T', ' ') }),
    });
    sent++;
  }
  return sent;
}
