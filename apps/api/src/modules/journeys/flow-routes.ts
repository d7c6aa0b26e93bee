import { listOf, one, zEntityIdParam, zFlow, zFlowBody, zFlowSaved, zIdParam, zJourneyBuilder, zJourneyFlowsSaved, zJourneyWithFlows, zListQuery, zMessage, zValidateFlowBody, zValidateFlowResult } from '@gatehouse/contract';
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { compliances, journeyFlows, journeys, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { builderSteps } from './flow-settings';
import { loadFlows, loadJourneys } from './load-journeys';
import { usableJourney } from './policy';
import { createFlow, isMaterialChange, loadFlowRow, strandedBy, updateFlow } from './save-flow';

const tags = ['journeys'];

/** A journey with its flows (the builder's journey-and-flow view). */
async function journeyWithFlows(tx: Db, actor: MemberActor, journeyId: number) {
  await usableJourney(tx, actor, journeyId);
  const [journey] = await loadJourneys(tx, actor, eq(journeys.id, journeyId));
  return { ...journey, flows: await loadFlows(tx, actor.entityId, eq(journeyFlows.journeyId, journeyId)) };
}

/** Flows of the journeys the caller may use, searched by flow, journey or user type name. */
async function flowList(tx: Db, actor: MemberActor, query: z.output<typeof zListQuery>) {
  const usable = (await loadJourneys(tx, actor)).map((j) => j.id);
  const f = query.filterBy;
  const search = typeof f.search === 'string' ? `%${f.search.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const journeyId = Number(f.journey_id ?? 0);
  const all = await loadFlows(
    tx,
    actor.entityId,
    and(
      usable.length ? inArray(journeyFlows.journeyId, usable) : eq(journeyFlows.id, -1),
      journeyId ? eq(journeyFlows.journeyId, journeyId) : undefined,
      search ? or(ilike(journeyFlows.name, search), ilike(journeys.name, search), ilike(userTypes.name, search)) : undefined,
    ),
  );
  const start = (query.page - 1) * query.limit;
  return { data: all.slice(start, start + query.limit), count: all.length };
}

export default defineRoutes((r) => {
  const oneFlow = async (tx: Db, actor: MemberActor, id: number) => (await loadFlows(tx, actor.entityId, eq(journeyFlows.id, id)))[0];

  r.route({
    method: 'POST',
    url: '/api/journey_flow/{id}',
    summary: 'Add a flow to journey {id} (POST with the journey id, as documented; rules 192, 197-200, 213)',
    permission: 'journeys',
    tags,
    params: zIdParam,
    body: zFlowBody,
    status: 201,
    response: zFlowSaved,
    handler: async ({ actor, params, body, tenant, audit, emit, t }) => {
      const data = await tenant(async (tx) => oneFlow(tx, actor, (await createFlow(tx, actor, params.id, body, audit)).id));
      emit('entity', actor.entityId, 'update', { type: 'journey_flow', action: 'created', id: data.id });
      return { message: t('journeys.flow_created'), data };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/journey_and_journey_flow',
    summary: 'Add a flow (the flow object names its journey_id); answers the journey with all its flows',
    permission: 'journeys',
    tags,
    body: zFlowBody,
    status: 201,
    response: zJourneyFlowsSaved,
    handler: async ({ actor, body, tenant, audit, emit, t }) => {
      if (!body.journey_id) throw badRequest({ journey_id: ['validation.required'] });
      const journeyId = body.journey_id;
      const data = await tenant(async (tx) => {
        await createFlow(tx, actor, journeyId, body, audit);
        return journeyWithFlows(tx, actor, journeyId);
      });
      emit('entity', actor.entityId, 'update', { type: 'journey_flow', action: 'created', id: journeyId });
      return { message: t('journeys.flow_created'), data };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/journey_flow/{id}',
    summary: 'Update a flow; a change that strands signed-in people needs auto_close_visits=1 and closes their visits (rule 154)',
    permission: 'journeys',
    tags,
    params: zIdParam,
    body: zFlowBody,
    response: zFlowSaved,
    handler: async ({ actor, params, body, tenant, audit, emit, t }) => {
      const { data, closed } = await tenant(async (tx) => {
        const res = await updateFlow(tx, actor, params.id, body, audit);
        return { data: await oneFlow(tx, actor, params.id), closed: res.closed.length };
      });
      emit('entity', actor.entityId, 'update', { type: 'journey_flow', action: 'updated', id: data.id, closed_visits: closed });
      return { message: t('journeys.flow_updated'), data, closed_visits: closed };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/update_journey_and_journey_flow/{flowId}',
    summary: 'Update a flow; answers its journey with all flows',
    permission: 'journeys',
    tags,
    params: z.object({ flowId: zIdParam.shape.id }),
    body: zFlowBody,
    response: zJourneyFlowsSaved,
    handler: async ({ actor, params, body, tenant, audit, emit, t }) => {
      const { data, closed } = await tenant(async (tx) => {
        const res = await updateFlow(tx, actor, params.flowId, body, audit);
        return { data: await journeyWithFlows(tx, actor, res.row.journeyId), closed: res.closed.length };
      });
      emit('entity', actor.entityId, 'update', { type: 'journey_flow', action: 'updated', id: params.flowId, closed_visits: closed });
      return { message: t('journeys.flow_updated'), data, closed_visits: closed };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/journey_flow/{id}',
    summary: 'One flow',
    permission: 'journeys',
    tags,
    params: zIdParam,
    response: one(zFlow),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await loadFlowRow(tx, actor, params.id);
        return { data: await oneFlow(tx, actor, params.id) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/get_journey_and_journey_flow/{id}',
    summary: 'A journey with all its flows',
    permission: 'journeys',
    tags,
    params: zIdParam,
    response: one(zJourneyWithFlows),
    handler: ({ actor, params, tenant }) => tenant(async (tx) => ({ data: await journeyWithFlows(tx, actor, params.id) })),
  });

  const deleteFlow = async (tx: Db, actor: MemberActor, id: number, audit: (tx: Db, a: string, s: string, i?: number) => Promise<void>) => {
    const row = await loadFlowRow(tx, actor, id);
    await tx.delete(journeyFlows).where(and(eq(journeyFlows.id, id), eq(journeyFlows.entityId, actor.entityId)));
    await audit(tx, 'delete', 'journey_flow', id);
    return row;
  };

  // Two documented paths delete a flow: the flow's own and the journey-and-flow grid's row.
  for (const [url, summary] of [
    ['/api/journey_flow/{id}', 'Delete a flow'],
    ['/api/delete_journey_and_journey_flow/{id}', 'Delete a flow (a row of the journey-and-flow grid)'],
  ] as const) {
    r.route({
      method: 'DELETE',
      url,
      summary,
      permission: 'journeys',
      tags,
      params: zIdParam,
      response: zMessage,
      handler: async ({ actor, params, tenant, audit, emit, t }) => {
        await tenant((tx) => deleteFlow(tx, actor, params.id, audit));
        emit('entity', actor.entityId, 'update', { type: 'journey_flow', action: 'deleted', id: params.id });
        return { message: t('journeys.flow_deleted') };
      },
    });
  }

  r.route({
    method: 'GET',
    url: '/api/journey_flows/{entityId}',
    summary: 'Flows of the journeys the caller may use (filterBy: search, journey_id)',
    permission: 'journeys',
    tags,
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zFlow),
    handler: ({ actor, query, tenant }) => tenant((tx) => flowList(tx, actor, query)),
  });

  r.route({
    method: 'GET',
    url: '/api/journey_and_journey_flow/{entity_id}',
    summary: 'The journey-and-flow grid: one row per flow (filterBy: search, journey_id)',
    permission: 'journeys',
    tags,
    params: z.object({ entity_id: zEntityIdParam.shape.entityId }),
    query: zListQuery,
    response: listOf(zFlow),
    handler: ({ actor, query, tenant }) => tenant((tx) => flowList(tx, actor, query)),
  });

  r.route({
    method: 'POST',
    url: '/api/validate-update-journey-flow',
    summary: 'Before saving a flow: how many signed-in people the change would strand (rule 154)',
    permission: 'journeys',
    tags,
    body: zValidateFlowBody,
    response: zValidateFlowResult,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const row = await loadFlowRow(tx, actor, body.journey_flow_id);
        const people = isMaterialChange(row, body) ? await strandedBy(tx, actor.entityId, row.id) : [];
        return {
          message: people.length ? t('journeys.flow_strands', { count: people.length }) : t('journeys.flow_no_strand'),
          data: { signed_in_count: people.length, users: people.map((p) => ({ id: p.id, full_name: `${p.first} ${p.last}` })), will_close: people.length ? 1 : 0 },
        };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/journey_flow_builder/{id}',
    summary: 'The builder view of journey {id}: per flow, the steps a visitor meets, in order',
    permission: 'journeys',
    tags,
    params: zIdParam,
    response: zJourneyBuilder,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const { journey: row } = await usableJourney(tx, actor, params.id);
        const [journey] = await loadJourneys(tx, actor, eq(journeys.id, params.id));
        const flows = await tx
          .select({ flow: journeyFlows, userType: userTypes.name, compliance: compliances.name })
          .from(journeyFlows)
          .leftJoin(userTypes, eq(userTypes.id, journeyFlows.userTypeId))
          .leftJoin(compliances, eq(compliances.id, journeyFlows.complianceId))
          .where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.journeyId, params.id)))
          .orderBy(journeyFlows.id);
        return {
          data: {
            journey,
            flows: flows.map((f) => ({
              journey_flow_id: f.flow.id,
              name: f.flow.name,
              user_type_id: f.flow.userTypeId,
              user_type_name: f.userType,
              steps: builderSteps(f.flow, row, { userType: f.userType, compliance: f.compliance }),
            })),
          },
        };
      }),
  });
});
