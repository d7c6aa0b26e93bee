import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Who is waiting for a database connection. The embedded database has one connection, so whoever holds it makes
 * everyone else wait: a kiosk's scan must not queue behind a row of console calls. Waiters are served by lane,
 * then in order of arrival: `device` (kiosk calls, the health probe) before `console` (everything a person does
 * in the console, the default) before `background` (jobs, maintenance).
 */
export type Lane = 'device' | 'console' | 'background';
const ORDER: Record<Lane, number> = { device: 0, console: 1, background: 2 };

const lanes = new AsyncLocalStorage<Lane>();

/** Runs `fn` (and everything it starts) in `lane`. */
export const inLane = <T>(lane: Lane, fn: () => T): T => lanes.run(lane, fn);
export const currentLane = (): Lane => lanes.getStore() ?? 'console';

/** How long one statement of a tenant transaction may run, by lane (0: no limit). */
export type StatementTimeouts = Record<Lane, number>;

interface Waiter {
  lane: number;
  admit: () => void;
}

/**
 * A node-postgres pool whose connections are handed out by lane rather than first come, first served. Every way
 * to a connection goes through `connect` (a transaction's checkout, `pool.query`, drizzle, pg-boss), so every
 * one of them waits in the same lanes.
 */
export class LanePool extends pg.Pool {
  private busy = 0;
  private waiting: Waiter[] = [];

  constructor(
    config: pg.PoolConfig & { max: number },
    /** One statement's limit in a tenant transaction, by lane. */
    readonly timeouts: StatementTimeouts,
    /** The embedded database: it cannot cancel a statement, so the limit is the client's (see withTenant). */
    readonly embedded: boolean,
  ) {
    super(config);
    this.on('connect', (client) => client.on('notification', (m) => this.notifications.emit('notification', m)));
  }

  private notifications = new EventEmitter();

  /** Every NOTIFY a connection of this pool receives (`listen` on the embedded database); answers the unsubscribe. */
  onNotification(fn: (m: pg.Notification) => void) {
    this.notifications.on('notification', fn);
    return () => void this.notifications.off('notification', fn);
  }

  /** Connections held and waited for, by lane: what the health check reports. */
  stats() {
    return { busy: this.busy, waiting: this.waiting.length };
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    const checkout = this.checkout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (err) => client.release(err as Error)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  private async checkout(): Promise<pg.PoolClient> {
    await this.admission(ORDER[currentLane()]);
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      this.leave();
      throw err;
    }
    // A connection that drops while it is held (the database restarted, or a statement over its limit on the
    // embedded database) fails the holder's next statement; unheard, its error event would end the process.
    const ignore = () => undefined;
    client.on('error', ignore);
    const release = client.release;
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('error', ignore);
      client.release = release;
      release.call(client, err);
      this.leave();
    };
    return client;
  }

  private admission(lane: number): Promise<void> {
    if (this.busy < (this.options.max ?? 10) && !this.waiting.length) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise((admit) => {
      // After every waiter of the same or a more urgent lane: first come, first served within a lane.
      let at = this.waiting.findIndex((w) => w.lane > lane);
      if (at < 0) at = this.waiting.length;
      this.waiting.splice(at, 0, { lane, admit });
    });
  }

  private leave() {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.busy--;
  }
}
