import { type JourneyBody, listOf, one, zEntityIdParam, zId, zIdParam, zJourney, zJourneyBody, zJourneySaved, zListQuery, zMessage, zValidateJourneyBody, zValidateJourneyResult } from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { journeyFlows, journeySites, journeys, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors';
import { readMultipart } from '../../platform/http/multipart';
import { defineRoutes } from '../../platform/http/route';
import { parseBody } from '../../platform/http/validation';
import { LOGO_FILE, storeLogo } from '../entity';
import { loadJourneyList, loadJourneys } from './load-journeys';
import { usableJourney } from './policy';
import { createJourney, updateJourney } from './save-journey';
import { blockedMessage, blockedSiteRemovals } from './validate-journey-sites';

const tags = ['journeys'];

export default defineRoutes((r, services) => {
  /** JSON, or multipart with a `logo` image (decoded with sharp, at least 200 x 45, at most 2 MB). */
  const readJourney = async (req: FastifyRequest, entityId: number) => {
    if (!req.isMultipart()) return { body: parseBody(zJourneyBody, req.body ?? {}), logo: undefined };
    const form = await readMultipart(req, { fields: zJourneyBody, files: LOGO_FILE });
    const logo = form.files.logo ? await storeLogo(services.storage, entityId, form.files.logo.data) : undefined;
    return { body: form.fields as JourneyBody, logo };
  };

  r.route({
    method: 'GET',
    url: '/api/journeys/{entityId}',
    summary: 'Journeys the caller may use (rule 97), with paging, search (filterBy) and ordering',
    permission: 'journeys',
    tags,
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zJourney),
    handler: ({ actor, query, tenant }) => tenant((tx) => loadJourneyList(tx, actor, query)),
  });

  r.route({
    method: 'GET',
    url: '/api/journey/{id}',
    summary: 'One journey',
    permission: 'journeys',
    tags,
    params: zIdParam,
    response: one(zJourney),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await usableJourney(tx, actor, params.id);
        const [data] = await loadJourneys(tx, actor, eq(journeys.id, params.id));
        return { data };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/journey',
    summary: 'Create a journey (JSON, or multipart with a logo): name, sites, settings, outputs and checks (rules 195-196, 201)',
    permission: 'journeys',
    tags,
    body: zJourneyBody,
    multipart: { files: LOGO_FILE },
    bodyLimit: 3 * 1024 * 1024,
    status: 201,
    response: zJourneySaved,
    handler: async ({ actor, req, tenant, audit, emit, t }) => {
      const { body, logo } = await readJourney(req, actor.entityId);
      const data = await tenant(async (tx) => {
        const row = await createJourney(tx, actor, body, logo, audit);
        return (await loadJourneys(tx, actor, eq(journeys.id, row.id)))[0];
      });
      emit('entity', actor.entityId, 'update', { type: 'journey', action: 'created', id: data.id });
      return { message: t('journeys.created'), data };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/journey/{id}',
    summary: 'Update a journey (POST as documented); removing a site is refused while its areas use the journey or without access (rule 202)',
    permission: 'journeys',
    tags,
    params: zIdParam,
    body: zJourneyBody,
    multipart: { files: LOGO_FILE },
    bodyLimit: 3 * 1024 * 1024,
    response: zJourneySaved,
    handler: async ({ actor, params, req, tenant, audit, emit, t }) => {
      const { body, logo } = await readJourney(req, actor.entityId);
      const data = await tenant(async (tx) => {
        await updateJourney(tx, actor, params.id, body, logo, audit, t);
        return (await loadJourneys(tx, actor, eq(journeys.id, params.id)))[0];
      });
      emit('entity', actor.entityId, 'update', { type: 'journey', action: 'updated', id: data.id });
      return { message: t('journeys.updated'), data };
    },
  });

  r.route({
    method: 'DELETE',
    url: '/api/journey/{id}',
    summary: 'Delete a journey and its flows (refused while areas use it or it has sites the caller lacks)',
    permission: 'journeys',
    tags,
    params: zIdParam,
    response: zMessage,
    handler: async ({ actor, params, tenant, audit, emit, t }) => {
      await tenant(async (tx) => {
        const { siteIds } = await usableJourney(tx, actor, params.id);
        const blocked = await blockedSiteRemovals(tx, actor, params.id, siteIds, []);
        if (blocked.length) throw new AppError(400, blockedMessage(blocked[0], t), { errors: { site_ids: blocked.map((b) => blockedMessage(b, t)) } });
        await tx.delete(journeys).where(and(eq(journeys.id, params.id), eq(journeys.entityId, actor.entityId)));
        await audit(tx, 'delete', 'journey', params.id);
      });
      emit('entity', actor.entityId, 'update', { type: 'journey', action: 'deleted', id: params.id });
      return { message: t('journeys.deleted') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/validate-update-journey',
    summary: 'Before saving: would the new site list remove a site whose areas use the journey, or one the caller lacks (rule 202)?',
    permission: 'journeys',
    tags,
    body: zValidateJourneyBody,
    response: zValidateJourneyResult,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const { siteIds } = await usableJourney(tx, actor, body.journey_id);
        const blocked = await blockedSiteRemovals(tx, actor, body.journey_id, siteIds, body.site_ids);
        return {
          message: blocked.length ? blockedMessage(blocked[0], t) : t('journeys.sites_ok'),
          data: { can_update: blocked.length ? 0 : 1, blocked_sites: blocked.map((b) => ({ ...b, message: blockedMessage(b, t) })) },
        };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/journeys/site/{id}',
    summary: 'Journeys permitted on a site',
    permission: ['journeys', 'sites_devices'],
    tags,
    params: z.object({ id: zId }),
    response: listOf(zJourney),
    handler: ({ actor, params, tenant }) => tenant((tx) => journeysOnSite(tx, actor, params.id, false)),
  });

  r.route({
    method: 'GET',
    url: '/api/journeys/remote/{id}',
    summary: 'Journeys of a site with a remote sign-in flow (input method remote)',
    permission: ['journeys', 'sites_devices'],
    tags,
    params: z.object({ id: zId }),
    response: listOf(zJourney),
    handler: ({ actor, params, tenant }) => tenant((tx) => journeysOnSite(tx, actor, params.id, true)),
  });
});

/** Journeys permitted on a site of the organisation (404 for another's); `remote`: only those with a remote flow. */
async function journeysOnSite(tx: Db, actor: MemberActor, siteId: number, remote: boolean) {
  const [site] = await tx.select({ id: sites.id }).from(sites).where(and(eq(sites.id, siteId), eq(sites.entityId, actor.entityId)));
  if (!site) throw notFound();
  const onSite = tx.select({ id: journeySites.journeyId }).from(journeySites).where(and(eq(journeySites.entityId, actor.entityId), eq(journeySites.siteId, siteId)));
  const withRemote = tx.select({ id: journeyFlows.journeyId }).from(journeyFlows).where(and(eq(journeyFlows.entityId, actor.entityId), eq(journeyFlows.inputMethod, 'remote')));
  const data = await loadJourneys(tx, actor, and(inArray(journeys.id, onSite), remote ? inArray(journeys.id, withRemote) : undefined));
  return { data, count: data.length };
}
