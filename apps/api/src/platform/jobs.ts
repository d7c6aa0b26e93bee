import PgBoss from 'pg-boss';
import type { Database, Db } from './db/client';

type Handler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

/**
 * Background jobs on pg-boss, in the same process, on the same database (PGlite or PostgreSQL). Jobs survive a
 * restart; on PostgreSQL several processes share them without running one twice. Modules register workers
 * before start; `send` returns the job id.
 */
export class Jobs {
  boss: PgBoss;
  started = false;
  private handlers = new Map<string, Handler<never>>();
  private schedules = new Map<string, string>();

  /** `installOnly`: no maintenance or cron timers (a one-off start that only installs pg-boss's schema). */
  constructor(
    private database: Database,
    opts: { installOnly?: boolean } = {},
  ) {
    const common = { schema: 'pgboss', supervise: !opts.installOnly, schedule: !opts.installOnly, migrate: true } as const;
    if (database.kind === 'pglite') {
      const pglite = database.pglite!;
      this.boss = new PgBoss({
        ...common,
        db: {
          executeSql: async (text: string, values: unknown[] = []) => {
            if (values.length) return { rows: (await pglite.query(text, values)).rows as never[] };
            const results = await pglite.exec(text);
            return { rows: (results.at(-1)?.rows ?? []) as never[] };
          },
        },
      });
    } else {
      this.boss = new PgBoss({ ...common, db: { executeSql: (text: string, values: unknown[] = []) => database.sql.query(text, values) } });
    }
    this.boss.on('error', (err) => console.error('[jobs]', err.message));
  }

  work<T>(name: string, handler: Handler<T>) {
    this.handlers.set(name, handler as Handler<never>);
  }

  /**
   * A job that runs on a cron schedule (UTC), once across every process (pg-boss's scheduler). The handler
   * decides what is due: a tick, not a promise of exactly one run per period.
   */
  every(name: string, cron: string, handler: Handler<object>) {
    this.work(name, handler);
    this.schedules.set(name, cron);
  }

  async start() {
    await this.boss.start();
    for (const [name, handler] of this.handlers) {
      await this.boss.createQueue(name).catch(() => undefined);
      await this.boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, { id: job.id, name: job.name });
      });
    }
    for (const [name, cron] of this.schedules) await this.boss.schedule(name, cron, {}, { singletonKey: name }).catch((e: Error) => console.error('[jobs] schedule', name, e.message));
    this.started = true;
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}) {
    if (!this.handlers.has(name)) throw new Error(`No worker for job ${name}`);
    // Inside a transaction (`db`) nothing else may touch the database (PGlite is one connection): the queue
    // already exists, start() made it.
    if (!options.db) await this.boss.createQueue(name).catch(() => undefined);
    return this.boss.send(name, data, options);
  }

  async stop() {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    this.started = false;
  }
}

/**
 * pg-boss's `db` option for a drizzle transaction: a job sent with it is created with the transaction's commit
 * and not at all when it rolls back (the outbox pattern: "claim, then send" happens once).
 */
export function jobsIn(tx: Db): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } } }).session?.client;
  if (!client?.query) throw new Error('jobsIn: not a drizzle transaction');
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      // A tenant transaction runs as the application role, which may not touch pg-boss's schema: the job's
      // statement runs as the connection's own role, and the tenant role is put back after it (same transaction).
      const [{ role }] = (await client.query(`select current_setting('role') as role`)).rows as { role: string }[];
      if (role === 'none') return { rows: (await client.query(text, values)).rows as never[] };
      await client.query(`select set_config('role', 'none', true)`);
      try {
        return { rows: (await client.query(text, values)).rows as never[] };
      } finally {
        await client.query(`select set_config('role', $1, true)`, [role]);
      }
    },
  };
}
