/** Shared set-up for the people benchmarks: a fresh migrated database (PGlite, or PostgreSQL with DATABASE_URL). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createServices } from '../apps/api/src/platform/boot';
import { type Database, openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';

export async function benchApp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-'));
  let database: Database;
  let drop = async () => undefined as void;
  if (process.env.DATABASE_URL) {
    const name = `gh_bench_${process.pid}`;
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 8 });
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir });
  }
  await migrate(database);
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'silent', SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789', WEB_DIST: join(dataDir, 'no-web') });
  const services = createServices(config, database);
  const app = await buildApp({ services });
  await app.ready();
  return {
    app,
    services,
    kind: database.kind,
    async close() {
      await app.close();
      await services.jobs.stop();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function p95(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
}
