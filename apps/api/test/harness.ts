import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createServices } from '../src/platform/boot';
import { type Database, openConfiguredDatabase } from '../src/platform/db/client';
import type { Services } from '../src/platform/services';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database copied from the migrated template (embedded by default, PostgreSQL with DATABASE_URL), opened
 * as production opens it (`openConfiguredDatabase`, as `main.ts`): the same pipelined pool and size, lanes and
 * statement limits; the embedded database's worker thread loads the template's dump.
 */
async function testDatabase(env: Record<string, string>): Promise<{ config: Config; database: Database; drop: () => Promise<void> }> {
  if (process.env.GATEHOUSE_TEMPLATE_DB && process.env.DATABASE_URL) {
    const name = `gh_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await admin.query(`create database ${name} template ${process.env.GATEHOUSE_TEMPLATE_DB}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const config = loadConfig({ ...env, DATABASE_URL: url.toString() });
    const database = await openConfiguredDatabase(config);
    return {
      config,
      database,
      drop: async () => {
        // Let the closed pool's connections finish leaving before forcing out any that remain.
        for (let i = 0; i < 20; i++) {
          const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (!rows[0].n) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const file = process.env.GATEHOUSE_TEMPLATE_FILE;
  if (!file) throw new Error('The api test project needs its global setup (vitest --project api).');
  const config = loadConfig({ ...env, DATABASE_URL: '' });
  return { config, database: await openConfiguredDatabase(config, { template: file }), drop: async () => undefined };
}

/**
 * The real app on a fresh database, with the job queue running as in production (mail leaves through the
 * `mail.send` job: read it with `test/mailbox.ts`, which waits for it). `jobs: false` for a test that needs none.
 */
export async function buildTestApp(opts: { jobs?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(process.env.GATEHOUSE_TEST_DIR ?? tmpdir(), 'data-'));
  const { config, database, drop } = await testDatabase({
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    WEB_DIST: join(dataDir, 'no-web'),
    ...opts.env,
  });
  const services = createServices(config, database);
  const app = await buildApp({ services });
  await app.ready();
  if (opts.jobs !== false) await services.jobs.start();
  return {
    app,
    services,
    dataDir,
    async close() {
      await services.realtime.close();
      await app.close();
      await services.jobs.stop();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** Socket.IO attached and the app listening on a free local port: answers its base URL (for socket clients). */
export async function listenWithSockets(h: TestApp) {
  h.services.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}

/** A small client over fastify.inject: `api(app, token).post(url, body)`. */
export function api(app: FastifyInstance, token?: string, lang?: string) {
  const call = async (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const res = await app.inject({
      method: method as never,
      url,
      payload: payload as never,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lang ? { 'accept-language': lang } : {}), ...headers },
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body ?? {}, headers),
    put: (url: string, body?: unknown) => call('PUT', url, body ?? {}),
    patch: (url: string, body?: unknown) => call('PATCH', url, body ?? {}),
    del: (url: string, body?: unknown) => call('DELETE', url, body),
    raw: call,
  };
}
