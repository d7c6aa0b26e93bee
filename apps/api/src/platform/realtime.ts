import type { Server as HttpServer } from 'node:http';
import { entityRoom, type ServerEvent, type ServerEventPayloads, userRoom } from '@gatehouse/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { accounts, entities, users } from '../db/schema/index';
import { resolveActor } from './auth/actor';
import type { Db } from './db/client';

/**
 * Socket.IO on the API's port. A console connects with its token (`auth.token`) and emits `join` with its entity
 * id; the server checks the token's account belongs to that organisation before joining the rooms. With
 * REDIS_URL, the Redis adapter carries events between processes. Modules add namespaces (kiosks) through `io`.
 */
export class Realtime {
  io: Server | null = null;
  private redis: Redis[] = [];
  private attachHooks: ((io: Server) => void)[] = [];
  private closeHooks: (() => void)[] = [];
  private committedHooks: ((writes: CommittedWrite[]) => void)[] = [];

  /** `pingMs`: Socket.IO's ping interval and timeout, so a peer that went silent is dropped within two. */
  constructor(
    private db: Db,
    private redisUrl?: string,
    private pingMs?: number,
  ) {}

  attach(server: HttpServer) {
    const ping = this.pingMs ? { pingInterval: this.pingMs, pingTimeout: this.pingMs } : {};
    const io = new Server(server, { path: '/socket.io', cors: { origin: false }, serveClient: false, ...ping });
    if (this.redisUrl) {
      const pub = new Redis(this.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
      const sub = pub.duplicate();
      this.redis.push(pub, sub);
      io.adapter(createAdapter(pub, sub));
    }
    io.use(async (socket, next) => {
      const token = String(socket.handshake.auth?.token ?? '');
      const actor = token ? await resolveActor(this.db, token).catch(() => null) : null;
      if (!actor) return next(new Error('unauthenticated'));
      socket.data.accountId = actor.accountId;
      socket.data.sessionId = actor.sessionId;
      // An organisation's API integration token has no session of its own: its sockets share a room per organisation.
      socket.data.tokenRoom = actor.sessionKind === 'api' && !actor.sessionId && actor.entityId ? clientTokenRoom(actor.entityId) : sessionRoom(actor.sessionId);
      next();
    });
    io.on('connection', (socket) => {
      // A revoked session or account (logout, password reset, two-step enabled) closes its sockets: endSession.
      socket.join([socket.data.tokenRoom, accountRoom(socket.data.accountId)]);
      socket.on('join', async (payload: unknown, ack?: (r: { ok: boolean }) => void) => {
        const entityId = Number(typeof payload === 'object' && payload ? (payload as { entity_id?: unknown }).entity_id : payload);
        const ok = Number.isInteger(entityId) && entityId > 0 && (await this.memberOf(socket.data.accountId, entityId));
        if (ok) {
          socket.join(entityRoom(entityId));
          socket.join(userRoom(ok.userId));
        }
        if (typeof ack === 'function') ack({ ok: !!ok });
      });
    });
    this.io = io;
    for (const hook of this.attachHooks) hook(io);
    return io;
  }

  /**
   * Modules add their own namespaces (e.g. `/kiosk`) here at registration; the hook runs when the server is
   * attached (or at once if it already is). Keeps the platform free of module imports.
   */
  onAttach(hook: (io: Server) => void) {
    this.attachHooks.push(hook);
    if (this.io) hook(this.io);
  }

  /** Runs when the server closes (modules stop their timers here). */
  onClose(hook: () => void) {
    this.closeHooks.push(hook);
  }

  /**
   * Modules that follow changes made elsewhere (the kiosks reload their configuration when a journey, a user type
   * or an area changes) hear here of every audited change once its request has succeeded, so after its commit.
   * Keeps the platform free of module imports, and no change can forget to tell them.
   */
  onCommitted(hook: (writes: CommittedWrite[]) => void) {
    this.committedHooks.push(hook);
  }

  committed(writes: CommittedWrite[]) {
    for (const hook of this.committedHooks) {
      try {
        hook(writes);
      } catch {
        // A follower's failure never fails the change that has committed.
      }
    }
  }

  /**
   * The member an account is in an organisation, as the API sees it (platform/http/route.ts authorize): active, with
   * a dashboard role, and with two-step set up when the organisation requires it of that role (rules 83-84).
   */
  private async memberOf(accountId: number, entityId: number) {
    const [row] = await this.db
      .select({ userId: users.id })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .innerJoin(entities, eq(entities.id, users.entityId))
      .where(
        and(
          eq(users.accountId, accountId),
          eq(users.entityId, entityId),
          eq(users.status, 'active'),
          isNotNull(users.roleId),
          sql`(${accounts.otpEnabled} or not (${entities.otpRoles} @> to_jsonb(${users.roleId})))`,
        ),
      )
      .limit(1);
    return row ?? null;
  }

  toEntity<E extends ServerEvent>(entityId: number, event: E, payload: ServerEventPayloads[E]) {
    this.io?.to(entityRoom(entityId)).emit(event, payload);
  }

  toUser<E extends ServerEvent>(userId: number, event: E, payload: ServerEventPayloads[E]) {
    this.io?.to(userRoom(userId)).emit(event, payload);
  }

  /**
   * Closes the sockets of a revoked session, or of every session of an account but one, on every process (the
   * Redis adapter carries it). Events emitted before still reach them first: the disconnect is queued after them.
   */
  endSessions(target: { sessionId: number } | { accountId: number; keepSessionId?: number } | { clientTokenOf: number }) {
    if (!this.io) return;
    const room = 'sessionId' in target ? sessionRoom(target.sessionId) : 'clientTokenOf' in target ? clientTokenRoom(target.clientTokenOf) : accountRoom(target.accountId);
    const keep = 'accountId' in target && target.keepSessionId ? [sessionRoom(target.keepSessionId)] : [];
    this.io.in(room).except(keep).disconnectSockets(false);
  }

  /**
   * Membership changed (issue 16 part 4): a member was archived, deleted, merged away or revoked, or lost or changed
   * their role or grants. Their sockets (by the people's ids, the user rooms) leave every room at once, on every
   * process (the Redis adapter carries it), after the events emitted before (a role notice arrives first). A
   * console reconnects by itself and joins again, checked anew: only a member who still is one hears anything.
   */
  endMembership(userIds: number[]) {
    if (!this.io || !userIds.length) return;
    this.io.in(userIds.map((id) => userRoom(id))).disconnectSockets(false);
  }

  async close() {
    for (const hook of this.closeHooks.splice(0)) hook();
    await new Promise<void>((r) => (this.io ? this.io.close(() => r()) : r()));
    await Promise.all(this.redis.map((c) => c.quit().catch(() => undefined)));
  }
}

const sessionRoom = (id: number) => `session:${id}`;
const accountRoom = (id: number) => `account:${id}`;
const clientTokenRoom = (entityId: number) => `client-token:${entityId}`;

/** An audited change (platform/audit.ts) whose request has succeeded. */
export interface CommittedWrite {
  entityId: number;
  action: string;
  subject: string;
  subjectId: string | number | null;
  changes: Record<string, unknown> | null;
}

/** Events raised during a request, sent once its transaction has committed; then the memberships it ended. */
export type QueuedEvent = { room: 'entity' | 'user'; id: number; event: ServerEvent; payload: unknown } | { endMembership: number[] };
export function flushEvents(rt: Realtime, events: QueuedEvent[]) {
  for (const e of events) {
    if ('endMembership' in e) rt.endMembership(e.endMembership);
    else if (e.room === 'entity') rt.toEntity(e.id, e.event, e.payload as never);
    else rt.toUser(e.id, e.event, e.payload as never);
  }
}
