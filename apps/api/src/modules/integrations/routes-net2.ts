import { zIntegrationIdQuery, zIdParam, zNet2Options, zNet2SettingsBody, zNet2SettingsSaved } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { areas, integrations, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import type { Services } from '../../platform/services';
import { reachableSiteIds } from '../sites/index';
import { canUseType, grantedUserTypeIds } from '../user-types/index';
import { directoryRefusal, usableIntegration } from './access';
import { Net2Adapter, type PaxtonConfig } from './adapters/net2';
import { doorEventsTick } from './net2-events';
import { NET2_VISITOR_JOB, net2VisitorSweep, reconcileNet2Visitor, type Net2VisitorJob } from './net2-visitors';
import { permission, tags } from './routes-setup';
import { type IntegrationRow, openConfig } from './store';

async function net2Integration(tx: Db, actor: MemberActor, id: number) {
  const integ = await usableIntegration(tx, actor, id);
  if (integ.type !== 'paxton') throw badRequest({ id: ['integrations.net2_only'] }, 'integrations.net2_only');
  return integ;
}

const settingsOf = (row: IntegrationRow) => ({ visitor_access_levels: row.visitorAccessLevels, door_areas: row.doorAreas });

/** The user types and areas named are the organisation's and the actor's (400 with the field's message otherwise). */
async function checkNames(tx: Db, actor: MemberActor, body: { visitor_access_levels?: { user_type_id: number }[]; door_areas?: { area_id: number }[] }) {
  const errors: Record<string, string[]> = {};
  const typeIds = [...new Set((body.visitor_access_levels ?? []).map((v) => v.user_type_id))];
  if (typeIds.length) {
    const rows = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, actor.entityId), inArray(userTypes.id, typeIds)));
    const granted = await grantedUserTypeIds(tx, actor);
    if (rows.length !== typeIds.length || typeIds.some((t) => !canUseType(granted, t))) errors.visitor_access_levels = ['integrations.user_type_unknown'];
  }
  const areaIds = [...new Set((body.door_areas ?? []).map((d) => d.area_id))];
  if (areaIds.length) {
    const rows = await tx.select({ id: areas.id, siteId: areas.siteId }).from(areas).where(and(eq(areas.entityId, actor.entityId), inArray(areas.id, areaIds)));
    const reach = await reachableSiteIds(tx, actor);
    if (rows.length !== areaIds.length || (reach && rows.some((a) => !reach.includes(a.siteId)))) errors.door_areas = ['errors.not_found'];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * Paxton Net2's own settings (issue 19 part 4): which access level each user type's visitors get, which door is
 * which of our areas; the jobs that add and remove visitors on Net2 and read its door events as sign-ins.
 */
export function net2Routes(r: Router, services: Services) {
  const key = services.config.secretKey;
  services.jobs.work<Net2VisitorJob>(NET2_VISITOR_JOB, (job) => reconcileNet2Visitor(services, job));
  services.jobs.every('integrations.net2', '* * * * *', async () => {
    await net2VisitorSweep(services);
    await doorEventsTick(services);
  });

  r.route({
    method: 'GET',
    url: '/api/integration/net2/options',
    summary: 'A Paxton Net2 integration’s access levels and doors (read from the Net2 server) with its visitor access levels by user type and its doors mapped to areas',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zNet2Options,
    handler: async ({ actor, query, tenant }) => {
      const integ = await tenant((tx) => net2Integration(tx, actor, query.id));
      const net2 = new Net2Adapter(openConfig(key, integ) as unknown as PaxtonConfig);
      const [levels, doors] = await Promise.all([net2.accessLevels(), net2.doors()]).catch((err) => directoryRefusal(err));
      return { data: { ...settingsOf(integ), access_levels: levels.map((l) => ({ id: String(l.id), name: l.name })), doors } };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/integration/net2/{id}',
    summary: 'Save a Paxton Net2 integration’s visitor access levels (by user type: their approved visitors get a Net2 user with it) and its doors mapped to areas (their events are read as sign-ins)',
    tags,
    permission,
    params: zIdParam,
    body: zNet2SettingsBody,
    response: zNet2SettingsSaved,
    handler: ({ actor, params, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const integ = await net2Integration(tx, actor, params.id);
        await checkNames(tx, actor, body);
        const [row] = await tx
          .update(integrations)
          .set({
            ...(body.visitor_access_levels ? { visitorAccessLevels: body.visitor_access_levels } : {}),
            ...(body.door_areas ? { doorAreas: body.door_areas } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(integrations.id, integ.id))
          .returning();
        await audit(tx, 'update', 'integration', row.id, settingsOf(row));
        return { message: t('integrations.saved'), data: settingsOf(row) };
      }),
  });
}
