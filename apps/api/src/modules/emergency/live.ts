import { emergencyAllRoom, type EmergencyPerson, type EmergencySessionPayload, emergencySiteRoom, isAllowed, JOIN_EMERGENCY_EVENT, type PermissionMap, type ServerEventPayloads } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import { grantColumns, type GrantRow, grantsOfRow } from '../../platform/auth/grants';
import { rowsOf } from '../../platform/db/client';
import { listen } from '../../platform/db/notify';
import { asSystem, withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { loadPeople } from './load-people';

type SessionData = ServerEventPayloads['updateEmergencySessionData'];

/** Who may hear a session's people: the emergency permissions (rules 98-99). */
export const EMERGENCY_KEYS = ['emergency', 'show_emergency_sessions', 'show_emergency_list'] as const;
const EVERYTHING = { sites: null, types: null };

/**
 * Rooms of a member limited to some user types (rule 96): the people of a site and of one user type (`none`: people
 * without a type, whom such members see too), and a marker room that the untyped sends skip.
 */
const typedMarkerRoom = (entityId: number) => `emergency:${entityId}:typed`;
const typeRoom = (entityId: number, siteId: number | null, typeId: number | null) => `emergency:${entityId}:${siteId ? `site:${siteId}` : 'all'}:type:${typeId ?? 'none'}`;

/**
 * Console sockets of members with an emergency permission join the organisation's emergency rooms when they
 * `join` (or `join-emergency`): every site's room for members who reach every site, else one room per reachable
 * site (session notices go there). A member limited to some user types also joins one room per site (or every
 * site) and granted type, and people changes reach them only through those. Events then reach only those who may
 * see them. A change of the member's role or grants disconnects their sockets (`endMembership`): they join again
 * with what they still may.
 */
async function joinEmergencyRooms(services: Services, socket: Socket, payload: unknown) {
  const entityId = Number(typeof payload === 'object' && payload ? (payload as { entity_id?: unknown }).entity_id : payload);
  if (!Number.isInteger(entityId) || entityId <= 0 || !socket.data.accountId) return;
  const rows = await asSystem(services.database.db, async (tx) =>
    rowsOf<GrantRow & { id: number; permissions: Record<string, boolean> | string | null; all_sites: boolean; all_user_types: boolean }>(
      await tx.execute(
        // One lookup: the member, their role's permission map and their grants (platform/auth/grants.ts).
        sql`select u.id, u.all_sites, u.all_user_types,
          (select json_object_agg(rp.permission, rp.allowed) from role_permissions rp where rp.role_id = u.role_id) as permissions,
          ${grantColumns(sql`${entityId}`, sql`u.id`)}
        from users u where u.account_id = ${socket.data.accountId} and u.entity_id = ${entityId} and u.status = 'active' and u.role_id is not null limit 1`,
      ),
    ),
  );
  const row = rows[0];
  if (!row) return;
  const raw = typeof row.permissions === 'string' ? (JSON.parse(row.permissions) as Record<string, boolean>) : (row.permissions ?? {});
  const map: PermissionMap = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, { pivot: { allowed: v ? 1 : 0 } }]));
  if (!EMERGENCY_KEYS.some((k) => isAllowed(map, k))) return;
  const grants = grantsOfRow(entityId, { allSites: row.all_sites, allUserTypes: row.all_user_types }, row);
  const siteIds: (number | null)[] = grants.siteIds ?? [null];
  socket.join(siteIds.map((id) => (id ? emergencySiteRoom(entityId, id) : emergencyAllRoom(entityId))));
  if (grants.userTypeIds === null) return;
  const typeIds = [...grants.userTypeIds, null];
  socket.join([typedMarkerRoom(entityId), ...siteIds.flatMap((s) => typeIds.map((t) => typeRoom(entityId, s, t)))]);
}

/** The rooms that hear about a site's people (members of every site, and members of that site). */
export const roomsForSite = (entityId: number, siteId: number | null) => (siteId ? [emergencyAllRoom(entityId), emergencySiteRoom(entityId, siteId)] : [emergencyAllRoom(entityId)]);

/** Sends changed people of one site and user type to this process's sockets that may see them (sites and user types). */
function sendPeople(io: Server, entityId: number, siteId: number | null, typeId: number | null, data: SessionData) {
  io.local.to(roomsForSite(entityId, siteId)).except(typedMarkerRoom(entityId)).emit('updateEmergencySessionData', data);
  io.local.to([typeRoom(entityId, null, typeId), ...(siteId ? [typeRoom(entityId, siteId, typeId)] : [])]).emit('updateEmergencySessionData', data);
}

/** Sends a session's start or end notice (rules 66, 70) and its new state to the wardens of its sites. */
export function announceSession(services: Services, entityId: number, siteIds: number[], event: 'pongStartSessionDiffAdmin' | 'pongEndSessionDiffAdmin', payload: EmergencySessionPayload & { user_id: number | null; drill: 0 | 1 }) {
  const io = services.realtime.io;
  if (!io) return;
  const rooms = [emergencyAllRoom(entityId), ...siteIds.map((id) => emergencySiteRoom(entityId, id))];
  io.to(rooms).emit(event, payload);
  io.to(rooms).emit('updateEmergencySessionData', { sessionId: payload.sessionId, action: event === 'pongStartSessionDiffAdmin' ? 'started' : 'ended' } satisfies SessionData);
}

/**
 * Every committed change of a person on a live list (a mark, a link answer, a sign-in or out followed by the
 * visits trigger) is NOTIFYed by the database (migration 0014). Each API process listens, loads the changed rows
 * (batched over 20 ms) and sends them to its own sockets only (`io.local`): every process hears the NOTIFY, so
 * each serves its own wardens once.
 */
export function followPeopleChanges(services: Services) {
  const pending = new Map<number, Map<number, Set<number>>>();
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    timer = null;
    const batch = [...pending.entries()];
    pending.clear();
    const io = services.realtime.io;
    if (!io) return;
    for (const [entityId, sessions] of batch) {
      for (const [sessionId, users] of sessions) {
        const people = await withTenant(services.database.db, entityId, (tx) => loadPeople(tx, entityId, EVERYTHING, { sessionIds: [sessionId], userIds: [...users] })).catch(() => null);
        if (!people) continue;
        const groups = new Map<string, { siteId: number | null; typeId: number | null; rows: EmergencyPerson[] }>();
        for (const p of people.data) {
          const key = `${p.site_id}:${p.user_type_id}`;
          const g = groups.get(key) ?? { siteId: p.site_id, typeId: p.user_type_id, rows: [] };
          g.rows.push(p);
          groups.set(key, g);
        }
        for (const { siteId, typeId, rows } of groups.values()) sendPeople(io, entityId, siteId, typeId, { sessionId, action: 'people', count: rows.length, people: rows });
      }
    }
  };
  const onPayload = (payload: string) => {
    const [e, s, u] = payload.split(':').map(Number);
    if (!e || !s || !u) return;
    const sessions = pending.get(e) ?? new Map<number, Set<number>>();
    pending.set(e, sessions);
    const users = sessions.get(s) ?? new Set<number>();
    sessions.set(s, users);
    users.add(u);
    timer ??= setTimeout(() => void flush(), 20);
  };
  let stop: (() => Promise<void>) | null = null;
  let closed = false;
  void listen(services.database, 'emergency_people', onPayload).then(
    (s) => (closed ? void s() : (stop = s)),
    (err: Error) => console.error('[emergency] cannot listen for list changes:', err.message),
  );
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await stop?.();
  };
}

/** Hooks the console namespace: emergency rooms on `join`. */
export function attachConsoleRooms(io: Server, services: Services) {
  io.on('connection', (socket) => {
    const join = (payload: unknown) => void joinEmergencyRooms(services, socket, payload).catch(() => undefined);
    socket.on('join', join);
    socket.on(JOIN_EMERGENCY_EVENT, join);
  });
}
