import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/platform/db/client';
import { migrate } from '../src/platform/db/migrate';
import { Jobs } from '../src/platform/jobs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createServices } from '../src/platform/boot';

/**
 * Migrates one template database for the whole run. Embedded (default), it is dumped to a file each test file's
 * database loads in about half a second; with DATABASE_URL it is a PostgreSQL template database each test file
 * copies.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
  process.env.GATEHOUSE_TEST_DIR = dir;
  if (process.env.DATABASE_URL) {
    const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const name = `gh_tpl_${process.pid}`;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir, poolSize: 2 });
    await migrate(database);
    await prepareJobs(database, dir);
    await database.close();
    process.env.GATEHOUSE_TEMPLATE_DB = name;
    return async () => {
      await admin.query(`drop database if exists ${name}`).catch(() => undefined);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const database = await openDatabase({ dataDir: join(dir, 'template') });
  await migrate(database);
  await prepareJobs(database, dir);
  await slim(database);
  const file = join(dir, 'template.tar');
  await database.dump!(file);
  await database.close();
  process.env.GATEHOUSE_TEMPLATE_FILE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * pg-boss installs its schema, and the app's queues are created, once in the template: each test file's start
 * then finds them, as a production restart does (creating 14 queues' partition tables took about 3 s per file).
 */
async function prepareJobs(database: Database, dir: string) {
  // The queue names are those the modules register: the app is built (not started) to learn them.
  const config = loadConfig({ DATA_DIR: join(dir, 'names'), DEMO_DATA: '0', LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-test-secret-key-0123456789', DATABASE_URL: '' });
  const services = createServices(config, database);
  const app = await buildApp({ services });
  await app.ready();
  const names = services.jobs.queueNames();
  await services.realtime.close();
  await app.close();
  // installOnly: a started scheduler leaves a timer behind that keeps vitest's main process alive.
  // pg-boss's own cron queue too: its scheduler creates it at each start when missing (a partition table, DDL).
  await new Jobs(database, { installOnly: true }).installQueues([...names, '__pgboss__send-it']);
}

/**
 * Each test file's embedded database unpacks the template's tar (about 1,500 files, 45 MB) into memory: most of
 * its start-up. The app and the tests use only the `postgres` database, so the copies of the catalogue in
 * template0 and template1 are dropped from the test template (30 MB, 840 files). Production's database keeps them.
 */
async function slim(database: Database) {
  for (const name of ['template0', 'template1']) {
    await database.sql.query(`alter database ${name} is_template false`);
    await database.sql.query(`drop database ${name}`);
  }
  await database.sql.query('checkpoint');
}
