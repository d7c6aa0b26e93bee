import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness';

/**
 * Issue 20 part 7: the API tests run on the database as production opens it (`openConfiguredDatabase`, as
 * `main.ts`), with the job queue running, on each database: PGlite by default, PostgreSQL under `npm run test:pg`.
 */
let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

it('opens the test database through the pipelined pool production uses, with its configuration, and runs the job queue', async () => {
  const { database, config, jobs } = h.services;
  expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  // The configuration the services read names the database they run on (as in production).
  expect(config.databaseUrl ? 'postgres' : 'pglite').toBe(database.kind);
  const options = database.pool.options as { pipeline?: boolean; max: number };
  expect(options.pipeline).toBe(true);
  expect(options.max).toBe(database.kind === 'pglite' ? 1 : 10);
  expect(database.pool.timeouts).toEqual(config.statementTimeouts);
  expect(jobs.started).toBe(true);
});
