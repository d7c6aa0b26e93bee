import PgBoss from 'pg-boss';
import type { Database } from './db/client';

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

  async start() {
    await this.boss.start();
    for (const [name, handler] of this.handlers) {
      await this.boss.createQueue(name).catch(() => undefined);
      await this.boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, { id: job.id, name: job.name });
      });
    }
    this.started = true;
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}) {
    if (!this.handlers.has(name)) throw new Error(`No worker for job ${name}`);
    await this.boss.createQueue(name).catch(() => undefined);
    return this.boss.send(name, data, options);
  }

  async stop() {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    this.started = false;
  }
}
