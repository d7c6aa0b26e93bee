import { listOf, one, zCompliance, zComplianceBody, zComplianceDetail, zComplianceLinkResent, zComplianceSaved, zEntityIdParam, zId, zIdParam, zListQuery, zMessage } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { compliances, journeyFlows, users, visits } from '../../db/schema/index';
import { grantsOf } from '../../platform/auth/grants';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { createComplianceLink } from './compliance-link';
import { mailComplianceLinkNow } from './link-jobs';
import { complianceVersionsOf, createCompliance, deleteCompliance, loadCompliances, searchCompliances, updateCompliance } from './save-compliance';

const tags = ['compliance'];

export default defineRoutes((r, services) => {
  r.route({
    method: 'GET',
    url: '/api/compliances/{entityId}',
    summary: 'Entry conditions with paging and search (filterBy)',
    permission: ['compliances', 'journeys'],
    tags,
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zCompliance),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const search = typeof query.filterBy.search === 'string' ? query.filterBy.search : typeof query.filterBy.name === 'string' ? query.filterBy.name : undefined;
        const all = await loadCompliances(tx, actor.entityId, search ? searchCompliances(search) : undefined);
        // Sorted by name unless the grid asks for the newest or the most edited first.
        if (query.sortField === 'created_at') all.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
        if (query.sortField === 'version') all.sort((a, b) => a.version - b.version || a.id - b.id);
        if (query.orderBy === 'desc') all.reverse();
        const start = (query.page - 1) * query.limit;
        return { data: all.slice(start, start + query.limit), count: all.length };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/compliance/{id}',
    summary: 'One entry condition (current version), with every version and the answers each kept',
    permission: ['compliances', 'journeys'],
    tags,
    params: zIdParam,
    response: one(zComplianceDetail),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const [data] = await loadCompliances(tx, actor.entityId, eq(compliances.id, params.id));
        if (!data) throw notFound();
        return { data: { ...data, versions: await complianceVersionsOf(tx, actor.entityId, params.id) } };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/compliance',
    summary: 'Create an entry condition (rules 205-209)',
    permission: 'compliances',
    tags,
    body: zComplianceBody,
    status: 201,
    response: zComplianceSaved,
    handler: async ({ actor, body, tenant, audit, emit, t }) => {
      const data = await tenant(async (tx) => {
        const id = await createCompliance(tx, actor.entityId, body, audit);
        return (await loadCompliances(tx, actor.entityId, eq(compliances.id, id)))[0];
      });
      emit('entity', actor.entityId, 'update', { type: 'compliance', action: 'created', id: data.id });
      return { message: t('compliance.added'), data };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/compliance/{id}',
    summary: 'Edit an entry condition: creates a new version; earlier answers keep theirs',
    permission: 'compliances',
    tags,
    params: zIdParam,
    body: zComplianceBody,
    response: zComplianceSaved,
    handler: async ({ actor, params, body, tenant, audit, emit, t }) => {
      const data = await tenant(async (tx) => {
        await updateCompliance(tx, actor.entityId, params.id, body, audit);
        return (await loadCompliances(tx, actor.entityId, eq(compliances.id, params.id)))[0];
      });
      emit('entity', actor.entityId, 'update', { type: 'compliance', action: 'updated', id: data.id, version: data.version });
      return { message: t('compliance.updated'), data };
    },
  });

  r.route({
    method: 'DELETE',
    url: '/api/compliance/{id}',
    summary: 'Delete an entry condition (its flows stop asking it; answers stay)',
    permission: 'compliances',
    tags,
    params: zIdParam,
    query: z.object({ entity_id: zId.optional() }),
    response: zMessage,
    handler: async ({ actor, params, tenant, audit, emit, t }) => {
      await tenant((tx) => deleteCompliance(tx, actor.entityId, params.id, audit));
      emit('entity', actor.entityId, 'update', { type: 'compliance', action: 'deleted', id: params.id });
      return { message: t('compliance.deleted') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/compliance-resent',
    summary: "Send a visit's entry-conditions link again by mail (a new link; the old one stops working)",
    permission: ['compliances', 'users'],
    tags,
    body: z.object({ visit_id: zId, entity_id: zId.optional() }),
    response: zComplianceLinkResent,
    rateLimit: { max: 30, timeWindow: 60_000, key: (req) => `${req.actor?.accountId ?? req.ip}` },
    handler: async ({ actor, body, tenant, audit, t }) => {
      const sent = await tenant(async (tx) => {
        const [row] = await tx
          .select({ visit: visits, email: users.email, userTypeId: users.userTypeId, complianceId: journeyFlows.complianceId })
          .from(visits)
          .innerJoin(users, eq(users.id, visits.userId))
          .leftJoin(journeyFlows, eq(journeyFlows.id, visits.journeyFlowId))
          .where(and(eq(visits.id, body.visit_id), eq(visits.entityId, actor.entityId)));
        if (!row) throw notFound();
        // Only a visit within the member's sites and user types (rules 96, 100; issue 16 part 3).
        const grants = await grantsOf(tx, actor);
        if (row.visit.siteId && !grants.canSite(row.visit.siteId)) throw forbidden('visits.site_forbidden');
        if (!grants.canUserType(row.visit.userTypeId ?? row.userTypeId)) throw forbidden('visits.user_type_forbidden');
        if (!row.complianceId) throw badRequest({ visit_id: ['compliance.not_in_flow'] });
        if (!row.email) throw badRequest({ visit_id: ['compliance.no_email'] });
        // A link for a visit that is over, deleted or refused would only say it has expired (rules 144-148).
        if (row.visit.status !== 'expected' || row.visit.approvalState === 'rejected') throw badRequest({ visit_id: ['compliance.resend_closed'] });
        const link = await createComplianceLink(tx, actor.entityId, row.visit);
        await audit(tx, 'resend', 'compliance_link', row.visit.id);
        return { ...row, ...link };
      });
      await mailComplianceLinkNow(services, sent.visit.id, sent.code);
      return { message: t('compliance.resent'), data: { visit_id: sent.visit.id, expires_at: sent.expiresAt.toISOString() } };
    },
  });
});
