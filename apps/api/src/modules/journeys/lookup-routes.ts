import { flag, listOf, one, type RegistrationMethod, zFlowSettings, zHostsResponse, zId, zIdCsv, zIdParam, zJourneyFlowChoices, zJourneyFlowDetails, zJourneyInput, zJourneyUserTypes, zSiteUserTypeFlows } from '@gatehouse/contract';
import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { journeyFlows, journeySites, journeys, sites, userTypes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { flowSettings } from './flow-settings';
import { loadFlows, loadJourneys } from './load-journeys';
import { NOT_REQUIRED, grantedSites, hasSite, usableJourney } from './policy';
import { loadFlowRow } from './save-flow';

const tags = ['journeys'];
/** Front-desk lookups: the journeys pages, and the users pages that sign people in. */
const LOOKUP = ['journeys', 'users'] as const;

async function flowOfUserType(tx: Db, actor: MemberActor, journeyId: number, userTypeId: number) {
  const { journey } = await usableJourney(tx, actor, journeyId);
  const [flow] = await tx
    .select()
    .from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.journeyId, journeyId), eq(journeyFlows.userTypeId, userTypeId)));
  if (!flow) throw notFound();
  return { journey, flow };
}

/** Host options of a flow (rule 203): people of the flow's host user types, or the console's members. */
async function hostOptions(tx: Db, actor: MemberActor, flow: typeof journeyFlows.$inferSelect, search: string | undefined, t: (k: string) => string) {
  const like = search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const hosts = flow.hostRequired
    ? await tx
        .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email, userTypeId: users.userTypeId })
        .from(users)
        .where(
          and(
            eq(users.entityId, actor.entityId),
            eq(users.status, 'active'),
            flow.hostUserTypeIds.length ? inArray(users.userTypeId, flow.hostUserTypeIds) : isNotNull(users.roleId),
            like ? or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like)) : undefined,
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName))
        .limit(200)
    : [];
  return {
    hosts: hosts.map((h) => ({ id: h.id, full_name: `${h.first} ${h.last}`, email: h.email, user_type_id: h.userTypeId })),
    note: t(!flow.hostRequired ? 'journeys.hosts_none' : flow.allowNoHost ? 'journeys.hosts_optional' : 'journeys.hosts_required'),
    allow_no_host: flag(flow.allowNoHost),
    host_required: flag(flow.hostRequired),
  };
}

export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/hosts/{journeyId}',
    summary: 'Host options of a journey flow (query journey_flow_id, optional search): hosts and note (rule 203)',
    permission: [...LOOKUP],
    tags,
    params: z.object({ journeyId: zId }),
    query: z.object({ journey_flow_id: zId, search: z.string().max(100).optional() }),
    response: zHostsResponse,
    handler: ({ actor, params, query, tenant, t }) =>
      tenant(async (tx) => {
        const flow = await loadFlowRow(tx, actor, query.journey_flow_id);
        if (flow.journeyId !== params.journeyId) throw notFound();
        return hostOptions(tx, actor, flow, query.search, t);
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/hosts/{journeyId}/{userTypeId}',
    summary: "Host options of the journey's flow for a user type: hosts and note (rule 203)",
    permission: [...LOOKUP],
    tags,
    params: z.object({ journeyId: zId, userTypeId: zId }),
    query: z.object({ search: z.string().max(100).optional() }),
    response: zHostsResponse,
    handler: ({ actor, params, query, tenant, t }) =>
      tenant(async (tx) => {
        const { flow } = await flowOfUserType(tx, actor, params.journeyId, params.userTypeId);
        return hostOptions(tx, actor, flow, query.search, t);
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/get_setting_from_flow',
    summary: "The flow settings for a user type on a journey, with whether the person's entry condition is due (rule 198)",
    permission: [...LOOKUP],
    tags,
    query: z.object({ userId: zId.optional(), siteId: zId.optional(), journeyId: zId, userTypeId: zId, type: z.string().max(40).optional() }),
    response: one(zFlowSettings),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const { journey, flow } = await flowOfUserType(tx, actor, query.journeyId, query.userTypeId);
        if (query.siteId) {
          const [onSite] = await tx.select().from(journeySites).where(and(eq(journeySites.entityId, actor.entityId), eq(journeySites.journeyId, journey.id), eq(journeySites.siteId, query.siteId)));
          if (!onSite) throw notFound();
        }
        if (query.userId) {
          const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, query.userId), eq(users.entityId, actor.entityId)));
          if (!u) throw notFound();
        }
        return { data: await flowSettings(tx, actor.entityId, flow, journey, query.userId) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/flow-settings',
    summary: 'The settings of one flow (query journey_flow_id, optional user_id)',
    permission: [...LOOKUP],
    tags,
    query: z.object({ journey_flow_id: zId, user_id: zId.optional() }),
    response: one(zFlowSettings),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const flow = await loadFlowRow(tx, actor, query.journey_flow_id);
        const { journey } = await usableJourney(tx, actor, flow.journeyId);
        if (query.user_id) {
          const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, query.user_id), eq(users.entityId, actor.entityId)));
          if (!u) throw notFound();
        }
        return { data: await flowSettings(tx, actor.entityId, flow, journey, query.user_id) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/flow_settings_by_user_type',
    summary: 'Settings of every flow of a user type (optional site_id: journeys permitted on that site)',
    permission: [...LOOKUP],
    tags,
    query: z.object({ user_type_id: zId, site_id: zId.optional() }),
    response: listOf(zFlowSettings),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const [ut] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.id, query.user_type_id), eq(userTypes.entityId, actor.entityId)));
        if (!ut) throw notFound();
        const usable = await loadJourneys(tx, actor, query.site_id ? inArray(journeys.id, tx.select({ id: journeySites.journeyId }).from(journeySites).where(and(eq(journeySites.entityId, actor.entityId), eq(journeySites.siteId, query.site_id)))) : undefined);
        if (!usable.length) return { data: [], count: 0 };
        const rows = await tx
          .select({ flow: journeyFlows, journey: journeys })
          .from(journeyFlows)
          .innerJoin(journeys, eq(journeys.id, journeyFlows.journeyId))
          .where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.userTypeId, query.user_type_id), inArray(journeyFlows.journeyId, usable.map((j) => j.id))));
        const data = await Promise.all(rows.map((row) => flowSettings(tx, actor.entityId, row.flow, row.journey)));
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/sites_userTypes_flow',
    summary: 'Per site the caller may see, the user types that have a flow there (optional site_ids, comma-separated)',
    permission: [...LOOKUP],
    tags,
    query: z.object({ site_ids: zIdCsv.optional() }),
    response: zSiteUserTypeFlows,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const wanted = query.site_ids;
        const granted = await grantedSites(tx, actor);
        const siteRows = (await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.entityId, actor.entityId), wanted ? inArray(sites.id, wanted) : undefined)).orderBy(asc(sites.name))).filter((s) => hasSite(granted, s.id));
        if (wanted && siteRows.length !== new Set(wanted).size) throw notFound();
        if (!siteRows.length) return { data: [], count: 0 };
        const rows = await tx
          .select({ siteId: journeySites.siteId, journeyId: journeyFlows.journeyId, flowId: journeyFlows.id, userTypeId: userTypes.id, userTypeName: userTypes.name })
          .from(journeySites)
          .innerJoin(journeyFlows, eq(journeyFlows.journeyId, journeySites.journeyId))
          .innerJoin(userTypes, eq(userTypes.id, journeyFlows.userTypeId))
          .where(and(eq(journeySites.entityId, actor.entityId), inArray(journeySites.siteId, siteRows.map((s) => s.id))))
          .orderBy(asc(userTypes.name));
        const data = siteRows.map((s) => ({
          site_id: s.id,
          site_name: s.name,
          user_types: rows.filter((r) => r.siteId === s.id).map((r) => ({ id: r.userTypeId, name: r.userTypeName, journey_id: r.journeyId, journey_flow_id: r.flowId })),
        }));
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/journey_flow_details/{id}',
    summary: 'A flow with its journey',
    permission: [...LOOKUP],
    tags,
    params: zIdParam,
    response: zJourneyFlowDetails,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const row = await loadFlowRow(tx, actor, params.id);
        const [flow] = await loadFlows(tx, actor.entityId, eq(journeyFlows.id, params.id));
        const [journey] = await loadJourneys(tx, actor, eq(journeys.id, row.journeyId));
        return { data: { flow, journey } };
      }),
  });

  const flowUserTypes = (tx: Db, actor: MemberActor, journeyId: number) =>
    tx
      .select({ id: userTypes.id, name: userTypes.name, flowId: journeyFlows.id, inputMethod: journeyFlows.inputMethod })
      .from(journeyFlows)
      .innerJoin(userTypes, eq(userTypes.id, journeyFlows.userTypeId))
      .where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.journeyId, journeyId)))
      .orderBy(asc(userTypes.name));

  r.route({
    method: 'GET',
    url: '/api/get_user_type_related_to_journey/{id}',
    summary: 'The user types that have a flow in journey {id}',
    permission: [...LOOKUP],
    tags,
    params: zIdParam,
    response: zJourneyUserTypes,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await usableJourney(tx, actor, params.id);
        const data = (await flowUserTypes(tx, actor, params.id)).map((u) => ({ id: u.id, name: u.name, journey_flow_id: u.flowId }));
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/check_journey_have_input/{id}',
    summary: 'Whether journey {id} has a flow with an input method (and which)',
    permission: [...LOOKUP],
    tags,
    params: zIdParam,
    response: zJourneyInput,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await usableJourney(tx, actor, params.id);
        const methods = [...new Set((await flowUserTypes(tx, actor, params.id)).map((u) => u.inputMethod))];
        return { data: { has_input: flag(methods.length > 0), input_methods: methods } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/journey_flow_and_check_user_type_by_joruney/{id}',
    summary:
      "Journey {id}'s flows and the user types still free for a flow (the current journey_flow_id's own stays free), each with its registration method; not_required_taken says rule 192 leaves no room for another 'registration not required' type",
    permission: [...LOOKUP],
    tags,
    params: zIdParam,
    query: z.object({ journey_flow_id: zId.optional() }),
    response: zJourneyFlowChoices,
    handler: ({ actor, params, query, tenant }) =>
      tenant(async (tx) => {
        await usableJourney(tx, actor, params.id);
        const flows = await loadFlows(tx, actor.entityId, eq(journeyFlows.journeyId, params.id));
        if (query.journey_flow_id && !flows.some((f) => f.id === query.journey_flow_id)) throw notFound();
        const taken = new Set(flows.filter((f) => f.id !== query.journey_flow_id).map((f) => f.user_type_id));
        const all = await tx
          .select({ id: userTypes.id, name: userTypes.name, registration_method: userTypes.registrationMethod })
          .from(userTypes)
          .where(eq(userTypes.entityId, actor.entityId))
          .orderBy(asc(userTypes.name));
        const typed = all.map((u) => ({ ...u, registration_method: u.registration_method as RegistrationMethod }));
        return {
          data: {
            flows,
            user_types: typed.map((u) => ({ ...u, used: flag(taken.has(u.id)) })),
            available_user_types: typed.filter((u) => !taken.has(u.id)),
            // Rule 192: another flow of this journey already offers a 'registration not required' type.
            not_required_taken: flag(typed.some((u) => taken.has(u.id) && NOT_REQUIRED(u.registration_method))),
          },
        };
      }),
  });
});
