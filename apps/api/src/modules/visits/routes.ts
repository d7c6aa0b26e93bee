import { flag, listOf, zEditExpectedVisitBody, zExpectedVisitBody, zExpectedVisitOptions, zExpectedVisitRow, zExpectedVisitSaved, zExpectedVisitsDay, zExpectedVisitsSaved, zExpectedVisitsSummaryQuery, zHostMatches, zHostSearchConsoleBody, zId, zListQuery, zMessage, zUserVisiting, zUserVisitingBody, zVisitActionBody, zVisitNotesBody } from '@gatehouse/contract';
import { and, eq, gte, ilike, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { areas, sites, userTypes, users, visits } from '../../db/schema/index';
import { grantConditions } from '../../platform/auth/grants';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { scheduleComplianceLink } from '../compliance';
import { mailVisitConfirmation } from './visit-mail';
import { linkExpiry } from './visit-link';
import { assertNoDuplicateVisit, expectedInstant } from './visit-rules';
import { normTime } from '../../platform/time-zone';
import { visitAccessChanged } from '../integrations';
import { addExpectedVisits, checkExpectedVisitors, checkPlace } from './add-expected-visits';
import { grantedVisits, listExpectedVisits } from './list-expected-visits';
import approvalRoutes from './approval-routes';
import { assertVisitGrants } from './policy';
import { loadExpectedVisits } from './present';

const tags = ['visits'];
const permission = 'users' as const;

const visitRoutes = defineRoutes((r, services) => {

  r.route({
    method: 'POST',
    url: '/api/expected-visit-validate',
    summary: 'Check expected visitors before saving (unique contacts, duplicates, not in the past); errors keyed visitors.{i}.{field}',
    permission,
    tags,
    body: zExpectedVisitBody,
    response: zMessage,
    handler: async ({ actor, body, tenant, t }) => {
      await tenant((tx) => checkExpectedVisitors(tx, actor, body));
      return { message: t('prereg.valid') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/expected-visit',
    summary: 'Expect several visitors at once: existing people by user_id or new ones; each gets a confirmation mail with QR and calendar invitation',
    permission,
    tags,
    body: zExpectedVisitBody,
    response: zExpectedVisitsSaved,
    status: 201,
    handler: async ({ actor, body, tenant, audit, emit, t }) => {
      const data = await tenant(async (tx) => {
        const ids = await addExpectedVisits(tx, actor, body, services.config.secretKey);
        for (const id of ids) await audit(tx, 'create', 'visit', id);
        return loadExpectedVisits(tx, actor.entityId, ids);
      });
      for (const v of data) {
        await mailVisitConfirmation(services, v.id);
        await scheduleComplianceLink(services, v.id);
      }
      emit('entity', actor.entityId, 'update', { type: 'visit', action: 'created', ids: data.map((v) => v.id) });
      return { message: t('visits.added_text'), data };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/edit-expected-visit',
    summary: 'Change the date, time, area, user type or host of an expected visit',
    permission,
    tags,
    body: zEditExpectedVisitBody,
    response: zExpectedVisitSaved,
    handler: async ({ actor, body, tenant, audit, t }) => {
      const data = await tenant(async (tx) => {
        const [v] = await tx.select().from(visits).where(and(eq(visits.id, body.visit_id), eq(visits.entityId, actor.entityId), ne(visits.status, 'deleted')));
        if (!v) throw notFound();
        await assertVisitGrants(tx, actor, v);
        if (v.status !== 'expected') throw conflict('visits.wrong_state');
        const areaId = body.area_id ?? v.areaId!;
        const [area] = await tx.select({ siteId: areas.siteId }).from(areas).where(and(eq(areas.id, areaId), eq(areas.entityId, actor.entityId)));
        if (!area) throw notFound();
        const host = body.host === undefined ? v.hostUserId : body.host;
        // The host is checked against the flow when the edit changes it, the area or the user type (a new date alone keeps it).
        const hostChanged = body.host !== undefined || body.area_id !== undefined || body.user_type_id !== undefined;
        const place = await checkPlace(tx, actor, { site_id: area.siteId, area_id: areaId, user_type_id: body.user_type_id ?? v.userTypeId!, host }, hostChanged);
        const date = body.visit_date ?? v.visitDate!;
        const time = normTime(body.visit_time ?? v.visitTime!);
        const expectedAt = expectedInstant(date, time, place.timezone);
        await assertNoDuplicateVisit(tx, actor.entityId, { userIds: [v.userId], areaId, date, time, exceptVisitId: v.id });
        const userTypeId = body.user_type_id ?? v.userTypeId!;
        const journeyFlowId = areaId !== v.areaId || userTypeId !== v.userTypeId ? (place.flow?.id ?? null) : v.journeyFlowId;
        const changes = { areaId, siteId: area.siteId, userTypeId, journeyFlowId, hostUserId: host, visitDate: date, visitTime: time, expectedAt, linkExpiresAt: linkExpiry(expectedAt, place.gracePeriod) };
        await tx.update(visits).set({ ...changes, updatedAt: new Date() }).where(and(eq(visits.id, v.id), eq(visits.entityId, actor.entityId)));
        await audit(tx, 'update', 'visit', v.id, { ...body });
        const moved = expectedAt.getTime() !== v.expectedAt?.getTime() || areaId !== v.areaId;
        return { moved, visit: (await loadExpectedVisits(tx, actor.entityId, [v.id]))[0] };
      });
      // The visitor gets the new time (and calendar invitation); the entry-conditions link follows the new time.
      if (data.moved && data.visit.approval_state !== 'pending' && data.visit.approval_state !== 'rejected') await mailVisitConfirmation(services, data.visit.id, 'mail.visit_changed.subject');
      if (data.moved) await scheduleComplianceLink(services, data.visit.id);
      return { message: t('visits.updated'), data: data.visit };
    },
  });

  r.route({
    method: 'DELETE',
    url: '/api/delete-expected-visit',
    summary: 'Delete an expected visit (query entity_id, visit_id); its links then answer VISIT_DELETED',
    permission,
    tags,
    query: zVisitActionBody,
    response: zMessage,
    handler: async ({ actor, query, tenant, audit, t }) => {
      await tenant(async (tx) => {
        const [v] = await tx.select().from(visits).where(and(eq(visits.id, query.visit_id), eq(visits.entityId, actor.entityId), ne(visits.status, 'deleted')));
        if (!v) throw notFound();
        await assertVisitGrants(tx, actor, v);
        if (v.status !== 'expected') throw conflict('visits.wrong_state');
        await tx.update(visits).set({ status: 'deleted', approvalTokenHash: null, updatedAt: new Date() }).where(and(eq(visits.id, v.id), eq(visits.entityId, actor.entityId)));
        await visitAccessChanged(services, tx, actor.entityId, v.id);
        await audit(tx, 'delete', 'visit', v.id);
      });
      return { message: t('visits.deleted') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/host/search',
    summary: 'Hosts (people with a console role) by name or e-mail, for the expected-visit form',
    permission,
    tags,
    body: zHostSearchConsoleBody,
    response: zHostMatches,
    handler: async ({ actor, body, tenant }) => {
      const like = `%${body.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const rows = await tenant((tx) =>
        tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(
            and(
              eq(users.entityId, actor.entityId),
              eq(users.status, 'active'),
              isNotNull(users.roleId),
              or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like)),
            ),
          )
          .orderBy(users.lastName, users.firstName)
          .limit(body.limit),
      );
      const data = rows.map((u) => ({ id: u.id, full_name: `${u.firstName} ${u.lastName}`, email: u.email }));
      return { data, count: data.length };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/visits/notes',
    summary: "Admin notes on a visit (at least 20 characters, rule 211)",
    permission,
    tags,
    body: zVisitNotesBody,
    response: zExpectedVisitSaved,
    handler: async ({ actor, body, tenant, audit, t }) => {
      const data = await tenant(async (tx) => {
        const [v] = await tx.select().from(visits).where(and(eq(visits.id, body.visit_id), eq(visits.entityId, actor.entityId), ne(visits.status, 'deleted')));
        if (!v) throw notFound();
        await assertVisitGrants(tx, actor, v);
        await tx.update(visits).set({ adminNotes: body.notes, updatedAt: new Date() }).where(and(eq(visits.id, v.id), eq(visits.entityId, actor.entityId)));
        await audit(tx, 'notes', 'visit', v.id);
        return (await loadExpectedVisits(tx, actor.entityId, [v.id]))[0];
      });
      return { message: t('visits.notes_saved'), data };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/user_visiting',
    summary: 'Is this person on site now, and which visits are they expected for from today on?',
    permission,
    tags,
    body: zUserVisitingBody,
    response: zUserVisiting,
    handler: async ({ actor, body, tenant }) => {
      return tenant(async (tx) => {
        const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, body.user_id), eq(users.entityId, actor.entityId)));
        if (!u) throw notFound();
        const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        const rows = await tx
          .select({ id: visits.id, status: visits.status })
          .from(visits)
          .where(and(eq(visits.entityId, actor.entityId), eq(visits.userId, u.id), or(eq(visits.status, 'signed_in'), and(eq(visits.status, 'expected'), gte(visits.visitDate, today)))));
        const list = await loadExpectedVisits(tx, actor.entityId, rows.map((r) => r.id));
        return { data: { user_id: u.id, is_visiting: flag(rows.some((r) => r.status === 'signed_in')), has_expected_visit: flag(rows.some((r) => r.status === 'expected')), visits: list } };
      });
    },
  });

  r.route({
    method: 'GET',
    url: '/api/expected_visits/{entityId}',
    summary:
      'The expected visits the actor may see (rule 96): filterBy JSON with search, approval_state, site_id, start_date, end_date; orderBy and sortField (expected_at, visit_date, full_name, approval_state, created_at); limit, page',
    permission,
    tags,
    params: z.object({ entityId: zId }),
    query: zListQuery,
    response: listOf(zExpectedVisitRow),
    handler: ({ actor, query, tenant }) => tenant((tx) => listExpectedVisits(tx, actor, query)),
  });

  r.route({
    method: 'GET',
    url: '/api/expected_visits_summary/{entityId}',
    summary: 'Expected visits the actor may see between two dates (start_date, end_date, at most a year), counted per day with their approval states',
    permission,
    tags,
    params: z.object({ entityId: zId }),
    query: zExpectedVisitsSummaryQuery,
    response: listOf(zExpectedVisitsDay),
    handler: async ({ actor, query, tenant }) => {
      if (query.end_date < query.start_date || Date.parse(query.end_date) - Date.parse(query.start_date) > 366 * 86_400_000) throw badRequest({ end_date: ['visits.date_range'] });
      const rows = await tenant((tx) =>
        tx
          .select({
            date: visits.visitDate,
            total: sql<number>`count(*)::int`,
            awaiting: sql<number>`count(*) filter (where ${visits.approvalState} = 'pending')::int`,
            approved: sql<number>`count(*) filter (where ${visits.approvalState} = 'approved')::int`,
            rejected: sql<number>`count(*) filter (where ${visits.approvalState} = 'rejected')::int`,
            confirmed: sql<number>`count(*) filter (where ${visits.confirmationState} = 'confirmed')::int`,
            signedIn: sql<number>`count(*) filter (where ${visits.status} in ('signed_in', 'signed_out', 'auto_closed'))::int`,
          })
          .from(visits)
          .where(and(eq(visits.entityId, actor.entityId), ne(visits.status, 'deleted'), grantedVisits(actor), gte(visits.visitDate, query.start_date), lte(visits.visitDate, query.end_date), isNotNull(visits.visitDate)))
          .groupBy(visits.visitDate)
          .orderBy(visits.visitDate),
      );
      const data = rows.map((r) => ({ date: r.date!, total: r.total, awaiting_approval: r.awaiting, approved: r.approved, rejected: r.rejected, confirmed: r.confirmed, signed_in: r.signedIn }));
      return { data, count: data.reduce((n, d) => n + d.total, 0) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/files/visitors/{file}',
    summary: "A visitor's photo from pre-registration (members of the photo's organisation only)",
    permission,
    tags,
    params: z.object({ file: z.string().regex(/^\d+-[a-f0-9]{24}\.jpg$/) }),
    raw: true,
    produces: ['image/jpeg'],
    handler: async ({ actor, params, reply }) => {
      if (Number(params.file.split('-')[0]) !== actor.entityId) throw notFound();
      const data = await services.storage.get(`visitors/${params.file}`).catch(() => null);
      if (!data) throw notFound();
      reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(data);
    },
  });

  r.route({
    method: 'GET',
    url: '/api/expected_visit_options/{entityId}',
    summary: "Sites with their areas (and each area's journey, for the host settings), user types and journey flows the actor may use for expected visits (rule 96)",
    permission,
    tags,
    params: z.object({ entityId: zId }),
    response: zExpectedVisitOptions,
    handler: async ({ actor, tenant }) =>
      tenant(async (tx) => {
        const e = actor.entityId;
        const grants = grantConditions(actor);
        const siteRows = await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.entityId, e), grants.siteCondition(sites.id))).orderBy(sites.name);
        const areaRows = await tx.select({ id: areas.id, name: areas.name, siteId: areas.siteId, journeyId: areas.journeyId }).from(areas).where(eq(areas.entityId, e)).orderBy(areas.name);
        const typeRows = await tx.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(and(eq(userTypes.entityId, e), grants.userTypeCondition(userTypes.id))).orderBy(userTypes.name);
        return {
          data: {
            sites: siteRows.map((s) => ({ ...s, areas: areaRows.filter((a) => a.siteId === s.id).map((a) => ({ id: a.id, name: a.name, journey_id: a.journeyId })) })),
            user_types: typeRows,
          },
        };
      }),
  });
});

/** Expected visits (add, check, list, edit, delete, summary, notes) and their approval (rule 155). */
const expectedVisitsModule: FastifyPluginAsync = async (app) => {
  await app.register(visitRoutes);
  await app.register(approvalRoutes);
};
export default expectedVisitsModule;
