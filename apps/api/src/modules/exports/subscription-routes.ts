import { isAllowed, listOf, type ReportKey, zEntityIdParam, zIdParam, zMessage, zSubscription, zSubscriptionBody, zSubscriptionRunSaved } from '@gatehouse/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { reportSubscriptions, sites, users } from '../../db/schema/index';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import type { Services } from '../../platform/services';
import { reachableSite } from '../sites/index';
import { EXPORT_PERMISSION } from './request-export';
import { nextRunAt, sendDueReports } from './subscriptions';

const tags = ['exports'];

/** Scheduled reports (issue 18 part 4): people subscribed to a report, mailed daily, weekly or monthly at the site's hour. */
export function registerSubscriptions(r: Router, services: Services) {
  services.jobs.every('exports.scheduled', '*/5 * * * *', async () => {
    await sendDueReports(services);
  });

  r.route({
    method: 'GET',
    url: '/api/report_subscriptions/{entityId}',
    summary: 'Scheduled reports of the organisation with their recipients and next run',
    tags,
    permission: 'export_list',
    params: zEntityIdParam,
    response: listOf(zSubscription),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const rows = await tx
          .select({ s: reportSubscriptions, siteName: sites.name })
          .from(reportSubscriptions)
          .leftJoin(sites, eq(sites.id, reportSubscriptions.siteId))
          .where(eq(reportSubscriptions.entityId, actor.entityId))
          .orderBy(desc(reportSubscriptions.createdAt));
        const ids = [...new Set(rows.flatMap((r) => r.s.recipientIds))];
        const people = ids.length
          ? await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, ids)))
          : [];
        const byId = new Map(people.map((p) => [p.id, { id: p.id, full_name: `${p.firstName} ${p.lastName}`.trim(), email: p.email }]));
        const data = rows.map(({ s, siteName }) => ({
          id: s.id,
          report: s.report as z.output<typeof zSubscription>['report'],
          format: s.format,
          frequency: s.frequency,
          site: s.siteId ? { id: s.siteId, name: siteName ?? '' } : null,
          hour: s.hour,
          recipients: s.recipientIds.map((id) => byId.get(id)).filter((p) => !!p),
          next_run_at: s.nextRunAt.toISOString(),
          last_run_at: s.lastRunAt?.toISOString() ?? null,
        }));
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/report_subscription',
    summary: 'Subscribe people to a report (daily, weekly or monthly, at the site’s local hour); the recipients must be active members with an e-mail',
    tags,
    permission: 'export_list',
    body: zSubscriptionBody,
    response: zSubscriptionRunSaved,
    status: 201,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        if (!EXPORT_PERMISSION[body.report as ReportKey].some((k) => isAllowed(actor.permissions, k))) throw forbidden();
        const site = await reachableSite(tx, actor, body.site_id);
        const ids = [...new Set(body.recipient_ids)];
        const people = await tx
          .select({ id: users.id, email: users.email, firstName: users.firstName })
          .from(users)
          .where(and(eq(users.entityId, actor.entityId), inArray(users.id, ids), eq(users.status, 'active')));
        if (people.length !== ids.length) throw badRequest({ recipient_ids: ['exports.recipient_unknown'] });
        const noMail = people.find((p) => !p.email);
        if (noMail) throw new AppError(400, 'errors.validation', { errors: { recipient_ids: ['exports.recipient_no_email'] }, vars: { name: noMail.firstName } });
        const next = nextRunAt(body.frequency, body.hour, site.timezone, new Date());
        const [row] = await tx
          .insert(reportSubscriptions)
          .values({ entityId: actor.entityId, report: body.report, format: body.format, frequency: body.frequency, siteId: site.id, hour: body.hour, params: body.params, recipientIds: ids, createdBy: actor.userId, nextRunAt: next })
          .returning();
        await audit(tx, 'create', 'report_subscription', row.id, { report: body.report, frequency: body.frequency, recipients: ids });
        return { message: t('exports.subscription_saved'), data: { id: row.id, next_run_at: next.toISOString() } };
      }),
  });

  r.route({
    method: 'DELETE',
    url: '/api/report_subscription/{id}',
    summary: 'Stop a scheduled report',
    tags,
    permission: 'export_list',
    params: zIdParam,
    response: zMessage,
    handler: ({ actor, params, tenant, audit, t }) =>
      tenant(async (tx) => {
        const [row] = await tx.delete(reportSubscriptions).where(and(eq(reportSubscriptions.id, params.id), eq(reportSubscriptions.entityId, actor.entityId))).returning();
        if (!row) throw notFound();
        await audit(tx, 'delete', 'report_subscription', row.id);
        return { message: t('exports.subscription_deleted') };
      }),
  });
}
