import {
  flag,
  listOf,
  zActionEmergencyBody,
  zActionEmergencyResponse,
  zActiveSessions,
  zAreaWithSession,
  zEmergencyDetail,
  zEmergencyListQuery,
  zEmergencyListResponse,
  zEmergencyMessageBody,
  zEmergencyMessageResponse,
  zEmergencySession,
  zEmergencySessionsQuery,
  zEntityIdParam,
  zGetEmergencyQuery,
  zIdParam,
  zPermissionCheck,
  zStartEmergencyBody,
  zStartEmergencyResponse,
} from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { areas, emergencySessionSites, emergencySessions, sites } from '../../db/schema/index';
import { fieldError, notFound } from '../../platform/errors';
import type { MemberActor } from '../../platform/auth/actor';
import { defineRoutes } from '../../platform/http/route';
import type { Services } from '../../platform/services';
import { endSession } from './end-session';
import { announceSession, attachConsoleRooms, followPeopleChanges } from './live';
import { loadPeople } from './load-people';
import { loadSessions } from './load-sessions';
import { markPerson } from './mark-person';
import { messageUnaccounted } from './message-unaccounted';
import { listMusterPoints } from './muster-points';
import { blockingSites, reachableSession, scopeOf, startableSites } from './scope';
import { startSession } from './start-session';
import { attachKioskAlarm, tellKiosks } from './fire-alarm';
import { registerSmsWorker } from './sms-gateway';

const tags = ['emergency'];
/** Rule 98: running emergencies is the organisation's `emergency` permission; seeing them any emergency key. */
const RUN = 'emergency' as const;
const SEE = ['emergency', 'show_emergency_sessions', 'show_emergency_list'] as const;
const csv = (s?: string) => (s ? s.split(',').map(Number).filter((n) => n > 0) : undefined);
const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

/** After a member started or ended a session: the wardens' notice (rules 66, 70) and the kiosks' evacuation screen. */
async function tellEveryone(services: Services, actor: MemberActor, session: typeof emergencySessions.$inferSelect, siteIds: number[], state: 'started' | 'ended') {
  announceSession(services, actor.entityId, siteIds, state === 'started' ? 'pongStartSessionDiffAdmin' : 'pongEndSessionDiffAdmin', {
    sessionId: session.id,
    sessionName: session.name,
    user: { email: actor.email, fullName: fullName(actor) },
    userIdEnded: state === 'ended' ? actor.userId : null,
    userName: fullName(actor),
    user_id: actor.userId,
    drill: flag(session.drill),
  });
  await tellKiosks(services, actor.entityId, siteIds, { state, session_id: session.id, name: session.name, drill: flag(session.drill) });
}

export default defineRoutes((r, services) => {
  // Live lists: wardens' rooms, the kiosks' alarm and evacuation screen, and the database's change feed.
  services.realtime.onAttach((io) => {
    attachConsoleRooms(io, services);
    attachKioskAlarm(io, services);
    const stop = followPeopleChanges(services);
    services.realtime.onClose(() => void stop());
  });
  registerSmsWorker(services.jobs, services.config);

  r.route({
    method: 'GET',
    url: '/api/emergencies/{entityId}',
    summary: 'Emergency sessions the caller may see, newest first (filterBy: status started|ended, drill 1|0), paged',
    tags,
    permission: [...SEE],
    params: zEntityIdParam,
    query: zEmergencySessionsQuery,
    response: listOf(zEmergencySession),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const f = query.filterBy;
        const conds = [];
        if (f.status === 'started' || f.status === 'ended') conds.push(eq(emergencySessions.status, f.status));
        if (f.drill !== undefined && f.drill !== '') conds.push(eq(emergencySessions.drill, f.drill === 1 || f.drill === '1' || f.drill === true));
        if (typeof f.search === 'string' && f.search.trim()) conds.push(sql`lower(${emergencySessions.name}) like ${`%${f.search.trim().toLowerCase()}%`}`);
        return loadSessions(tx, actor.entityId, await scopeOf(tx, actor), { where: and(...conds), limit: query.limit, offset: (query.page - 1) * query.limit });
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/check_active_sessions/{entityId}',
    summary: 'Active (started) sessions the caller may see, with their count (the top bar and the session list)',
    tags,
    permission: [...SEE],
    params: zEntityIdParam,
    response: zActiveSessions,
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const { data, count } = await loadSessions(tx, actor.entityId, await scopeOf(tx, actor), { where: eq(emergencySessions.status, 'started') });
        return { data: { count, sessions: data } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/areas_with_session/{entityId}',
    summary: 'Areas of the sites an active session covers (rule 256)',
    tags,
    permission: [...SEE],
    params: zEntityIdParam,
    response: listOf(zAreaWithSession),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const rows = await tx
          .select({ area_id: areas.id, area_name: areas.name, site_id: sites.id, site_name: sites.name, session_id: emergencySessions.id, session_name: emergencySessions.name })
          .from(emergencySessionSites)
          .innerJoin(emergencySessions, eq(emergencySessions.id, emergencySessionSites.sessionId))
          .innerJoin(sites, eq(sites.id, emergencySessionSites.siteId))
          .innerJoin(areas, and(eq(areas.siteId, sites.id), eq(areas.entityId, actor.entityId)))
          .where(and(eq(emergencySessionSites.entityId, actor.entityId), eq(emergencySessionSites.active, true), scope.sites ? inArray(sites.id, scope.sites.length ? scope.sites : [0]) : undefined))
          .orderBy(sites.name, areas.name);
        return { data: rows, count: rows.length };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/start_emergency',
    summary: 'Start a session over one or more sites ("Session Started"; rules 255-257): { site_ids, name?, drill? }',
    tags,
    permission: RUN,
    body: zStartEmergencyBody,
    response: zStartEmergencyResponse,
    status: 201,
    handler: async ({ actor, body, tenant, t, lang }) => {
      const { session, sites: chosen } = await tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const { ok, missing } = await startableSites(tx, actor, scope, body.site_ids);
        if (missing) throw notFound('emergency.site_unknown');
        const out = await startSession(tx, {
          entityId: actor.entityId,
          sites: ok,
          name: body.name,
          drill: body.drill,
          lang,
          by: { userId: actor.userId, name: fullName(actor), email: actor.email, method: 'manual' },
        });
        return { session: out.session, sites: ok };
      });
      const siteIds = chosen.map((s) => s.id);
      await tellEveryone(services, actor, session, siteIds, 'started');
      return { message: t('emergency.started'), data: { id: session.id, name: session.name, started: 1 as const } };
    },
  });

  r.route({
    method: 'PUT',
    url: '/api/end_emergency/{id}',
    summary: 'End a session ("Session Ended"); refused while it includes unreachable sites with people signed in (rule 258)',
    tags,
    permission: RUN,
    params: zIdParam,
    response: zStartEmergencyResponse,
    handler: async ({ actor, params, tenant, t }) => {
      const { ended, siteIds } = await tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const row = await endSession(tx, actor, scope, params.id);
        const ss = await tx.select({ siteId: emergencySessionSites.siteId }).from(emergencySessionSites).where(and(eq(emergencySessionSites.entityId, actor.entityId), eq(emergencySessionSites.sessionId, row.id)));
        return { ended: row, siteIds: ss.map((s) => s.siteId) };
      });
      await tellEveryone(services, actor, ended, siteIds, 'ended');
      return { message: t('emergency.ended'), data: { id: ended.id, name: ended.name, started: 0 as const } };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/get_emergency/{id}',
    summary: 'One session with its people (filters: sites, areas as comma-separated ids), muster points and count (rule 260)',
    tags,
    permission: [...SEE],
    params: zIdParam,
    query: zGetEmergencyQuery,
    response: zEmergencyDetail,
    handler: ({ actor, params, query, tenant }) =>
      tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const session = await reachableSession(tx, actor, scope, params.id);
        const [{ data: [presented] }, people, blocked] = await Promise.all([
          loadSessions(tx, actor.entityId, scope, { where: eq(emergencySessions.id, session.id) }),
          loadPeople(tx, actor.entityId, scope, { sessionIds: [session.id], siteIds: csv(query.sites), areaIds: csv(query.areas) }),
          blockingSites(tx, actor, scope, session.id),
        ]);
        const points = await listMusterPoints(tx, actor.entityId, presented.sites.map((s) => s.id));
        const canRun = !!actor.permissions.emergency?.pivot.allowed;
        return {
          data: { ...presented, muster_points: points, people: people.data },
          count: people.count,
          permissions: { can_act: flag(canRun), can_end: flag(canRun && session.status === 'started' && !blocked.length) },
        };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/action_emergency/{id}',
    summary: "Set a person's status in a session ('Status Updated'; rule 259): { user_id, status, muster_point_id?, at?, idempotency_key? }",
    tags,
    permission: RUN,
    params: zIdParam,
    body: zActionEmergencyBody,
    response: zActionEmergencyResponse,
    handler: ({ actor, params, body, tenant, t }) =>
      tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const session = await reachableSession(tx, actor, scope, params.id);
        const { person, replayed } = await markPerson(tx, { entityId: actor.entityId, session, scope, body, by: { userId: actor.userId, name: fullName(actor), source: 'warden' } });
        return { message: t('emergency.status_updated'), data: person, replayed: flag(replayed) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/emergency_list/{entityId}',
    summary: 'The people of the active sessions for the wardens’ list (filterBy: session_id, status, site_id, presence, search); the whole list by default',
    tags,
    permission: ['emergency', 'show_emergency_list'],
    params: zEntityIdParam,
    query: zEmergencyListQuery,
    response: zEmergencyListResponse,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const f = query.filterBy;
        const active = await loadSessions(tx, actor.entityId, scope, { where: eq(emergencySessions.status, 'started') });
        const wanted = f.session_id ? active.data.filter((s) => s.id === Number(f.session_id)) : active.data;
        const people = await loadPeople(tx, actor.entityId, scope, {
          sessionIds: wanted.map((s) => s.id),
          siteIds: f.site_id ? [Number(f.site_id)] : undefined,
          status: typeof f.status === 'string' ? f.status : undefined,
          presence: f.presence === 'on_site' || f.presence === 'left' ? f.presence : undefined,
          search: typeof f.search === 'string' ? f.search.trim() : undefined,
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        });
        const points = await listMusterPoints(tx, actor.entityId, [...new Set(wanted.flatMap((s) => s.sites.map((x) => x.id)))]);
        return { data: people.data, count: people.count, sessions: wanted, muster_points: points, generated_at: new Date().toISOString() };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/check_have_premissions_to_emergency_session/{id}',
    summary: 'May the caller access this session (rule 99)? { allowed, message, sites }',
    tags,
    permission: [...SEE],
    params: zIdParam,
    response: zPermissionCheck,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        await reachableSession(tx, actor, await scopeOf(tx, actor), params.id);
        return { data: { allowed: 1 as const, message: null, sites: [] } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/check_have_premissions_to_end_session/{id}',
    summary: 'May the caller end this session (rules 99, 258)? { allowed, message, sites: the unreachable sites with people signed in }',
    tags,
    permission: [...SEE],
    params: zIdParam,
    response: zPermissionCheck,
    handler: ({ actor, params, tenant, t }) =>
      tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const session = await reachableSession(tx, actor, scope, params.id);
        if (!actor.permissions.emergency?.pivot.allowed) return { data: { allowed: 0 as const, message: t('errors.forbidden'), sites: [] } };
        if (session.status === 'ended') return { data: { allowed: 0 as const, message: t('emergency.already_ended'), sites: [] } };
        const blocked = await blockingSites(tx, actor, scope, session.id);
        return blocked.length
          ? { data: { allowed: 0 as const, message: t('emergency.end_not_allowed', { sites: blocked.join(', ') }), sites: blocked } }
          : { data: { allowed: 1 as const, message: null, sites: [] } };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/emergency_message/{id}',
    summary: 'Send everyone still unaccounted a single-use “I’m safe / I need help” link by mail and, where configured, SMS',
    tags,
    permission: RUN,
    params: zIdParam,
    body: zEmergencyMessageBody,
    response: zEmergencyMessageResponse,
    handler: ({ actor, params, body, tenant, t }) =>
      tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const session = await reachableSession(tx, actor, scope, params.id);
        if (session.status === 'ended') throw fieldError('id', 'emergency.already_ended');
        const out = await messageUnaccounted(tx, services, {
          entityId: actor.entityId,
          entityName: actor.entity.name,
          session,
          scope,
          channels: body.channels,
          note: body.note,
          by: { userId: actor.userId, name: fullName(actor) },
        });
        return { message: t('emergency.message_sent', { count: out.people }), data: out };
      }),
  });
});
