#!/usr/bin/env node
// Runs the api test suite on PostgreSQL: creates a fresh database (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, is used as the admin connection), runs
// `npx vitest run --project api` with DATABASE_URL pointing at it (the harness clones a migrated template per
// test file), drops it afterwards and exits with vitest's code. Extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `gh_pg_${process.pid}_${randomBytes(4).toString('hex')}`;

const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
try {
  await admin.connect();
  await admin.query(`create database ${name}`);
} catch (err) {
  console.error(`test:pg: cannot create a database through ${redact(adminUrl)}: ${err.message}`);
  console.error('Start PostgreSQL (pg_isready -h 127.0.0.1) or set DATABASE_URL to an admin connection.');
  process.exit(2);
}
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`test:pg: running the api suite on PostgreSQL database ${name}`);

// The scale-out tests (*-scale.test.ts) and the sync crash test (sync-crash) start their own API processes on the
// PostgreSQL server in `npm test` already; running them twice proves nothing more. Nor do the files whose subject
// is not the database: the hostile-input sweep (refused by the schemas, or by PostgreSQL's own data checks, the
// same engine on both), the embedded database's own thread under an import (busy-database), the spreadsheet
// reader's worker thread and limits (heavy-spreadsheet), the OpenAPI document's shape and the embedded database's
// socket (it starts its own PGlite). Together they were a fifth of this run.
const notTheDatabase = ['**/*-scale.test.ts', '**/test/sync-crash.test.ts', '**/test/hostile-input.test.ts', '**/test/busy-database.test.ts', '**/test/heavy-spreadsheet.test.ts', '**/test/openapi-document.test.ts', '**/platform/db/embedded-socket.test.ts'];
const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...notTheDatabase.flatMap((g) => ['--exclude', g]), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
});
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));

try {
  await admin.query(`drop database if exists ${name} with (force)`);
} catch (err) {
  console.error(`test:pg: could not drop ${name}: ${err.message}`);
}
await admin.end().catch(() => undefined);
process.exit(code);

function redact(u) {
  try {
    const x = new URL(u);
    if (x.password) x.password = '***';
    return x.toString();
  } catch {
    return u;
  }
}
