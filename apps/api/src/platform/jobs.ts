import PgBoss from 'pg-boss';
import type { Database, Db } from './db/client';
import { inLane } from './db/lanes';
import { APP_ROLE } from './db/migrate';
import { afterCommit, refuseBesideTransaction } from './db/transaction-scope';

type Handler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

/**
 * Background jobs on pg-boss, in the same process, on the same database (embedded or PostgreSQL). Jobs survive a
 * restart; on PostgreSQL several processes share them without running one twice. Modules register workers
 * before start; `send` returns the job id.
 */
export class Jobs {
  boss: PgBoss;
  started = false;
  private handlers = new Map<string, Handler<never>>();
  private workers = new Map<string, string>();
  private schedules = new Map<string, string>();
  /** Handlers running now: stop() lets them finish (and pg-boss record them) before the pool closes. */
  private running = new Set<Promise<void>>();
  private repeats: { name: string; everyMs: number; task: (run: { first: boolean; stopping: () => boolean }) => Promise<void> }[] = [];
  private timers: NodeJS.Timeout[] = [];

  /** `installOnly`: no maintenance or cron timers (a one-off start that only installs pg-boss's schema). */
  constructor(
    private database: Database,
    opts: { installOnly?: boolean } = {},
  ) {
    const common = { schema: 'pgboss', supervise: !opts.installOnly, schedule: !opts.installOnly, migrate: true } as const;
    // The same pool as the app (the embedded database has one connection): pg-boss's statements wait in its lanes.
    // Once the pool has ended (the process is stopping), pg-boss's last bookkeeping (a job's completion or failure
    // that was still waiting for the connection) is dropped rather than thrown where nobody catches it: the job
    // stays active and runs again after its expiry, as after a crash.
    const executeSql = (text: string, values: unknown[] = []) =>
      database.sql.query(text, values).catch((err: Error) => {
        if (/after calling end on the pool/.test(err.message)) return { rows: [] };
        throw err;
      });
    this.boss = new PgBoss({ ...common, db: { executeSql } });
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

  /** The queues of the registered workers (a test template creates them once: `installQueues`). */
  queueNames() {
    return [...this.handlers.keys()];
  }

  /**
   * Creates the given queues (each a partition table, DDL: a few hundred milliseconds on the embedded database) on
   * an installOnly instance. The test template does it once so that each test file's start finds them made, as a
   * production restart does.
   */
  async installQueues(names: string[]) {
    await this.boss.start();
    for (const name of names) await this.boss.createQueue(name);
    await this.boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
  }

  /**
   * A task this process runs once when the jobs start (`first`) and then every `everyMs` while they run: not a
   * job (every process runs its own, at once after a restart), so it must be safe to run in several processes at
   * a time. For sweeps that must not wait for pg-boss's cron (a minute) or its expiry (a job's whole timeout).
   * A task that can run long checks `stopping()` between its steps: stop() waits for the tasks still running.
   */
  repeat(name: string, everyMs: number, task: (run: { first: boolean; stopping: () => boolean }) => Promise<void>) {
    this.repeats.push({ name, everyMs, task });
  }

  private runRepeat(r: (typeof this.repeats)[number], first: boolean) {
    return this.track(inLane('background', () => r.task({ first, stopping: () => !this.started })).catch((e: Error) => console.error('[jobs]', r.name, e.message)));
  }

  /** Starts pg-boss and the workers in the background lane: a kiosk or a console call waiting for a connection goes first. */
  start() {
    return inLane('background', () => this.startWorkers());
  }

  private async startWorkers() {
    await this.boss.start();
    await grantSending(this.database);
    // Only the queues not made yet are created (one statement each, in a transaction with an advisory lock).
    const made = new Set((await this.database.sql.query<{ name: string }>('select name from pgboss.queue')).rows.map((r) => r.name));
    for (const [name, handler] of this.handlers) {
      if (!made.has(name)) await this.boss.createQueue(name).catch(() => undefined);
      const worker = await this.boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await this.track(handler(job.data as never, { id: job.id, name: job.name }));
      });
      this.workers.set(name, worker);
    }
    for (const [name, cron] of this.schedules) await this.boss.schedule(name, cron, {}, { singletonKey: name }).catch((e: Error) => console.error('[jobs] schedule', name, e.message));
    this.started = true;
    for (const r of this.repeats) {
      void this.runRepeat(r, true);
      const timer = setInterval(() => void this.runRepeat(r, false), r.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /**
   * Queues a job. Inside a transaction, pass it (`{ db: jobsIn(tx) }`): the job is created with the transaction's
   * commit, and a send beside the transaction is refused (on the embedded database's one connection it would wait
   * for the transaction that waits for it). This process's worker is woken once the job is visible (after the
   * commit) rather than at its next poll.
   */
  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}) {
    if (!this.handlers.has(name)) throw new Error(`No worker for job ${name}`);
    if (!options.db) refuseBesideTransaction(`jobs.send('${name}')`, '{ db: jobsIn(tx) }');
    // Inside a transaction (`db`) nothing else may touch the database (the embedded one has one connection): the
    // queue already exists, start() made it.
    if (!options.db) await this.boss.createQueue(name).catch(() => undefined);
    const id = await this.boss.send(name, data, options);
    if (!options.startAfter) afterCommit(() => this.wake(name));
    return id;
  }

  /** Wakes this process's worker of `name` to fetch now rather than at its next poll. */
  wake(name: string) {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  private async track(run: Promise<void>) {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  /**
   * Stops fetching, then waits for the handlers still running (pg-boss's own wait gives up after its timeout while
   * a slow handler goes on, and its completion would then reach a closed pool).
   */
  async stop() {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    await Promise.allSettled([...this.running]);
    // pg-boss records the completion of the last handler right after it settles.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A tenant transaction runs as the application role, and queues its jobs inside itself (`jobsIn(tx)`): the role
 * may create a job (pg-boss's insert reads the queue's settings and answers the new id), and nothing more of the
 * queue (other organisations' jobs and their data stay out of its reach).
 */
async function grantSending({ sql }: Database) {
  await sql.exec(`grant usage on schema pgboss to ${APP_ROLE};
    grant select on pgboss.queue to ${APP_ROLE};
    grant insert, select (id) on pgboss.job to ${APP_ROLE};`);
}

/**
 * pg-boss's `db` option for a drizzle transaction: a job sent with it is created with the transaction's commit
 * and not at all when it rolls back (the outbox pattern: "claim, then send" happens once).
 */
export function jobsIn(tx: Db): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> } } }).session?.client;
  if (!client?.query) throw new Error('jobsIn: not a drizzle transaction');
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: (await client.query(text, values)).rows as never[] }) };
}
