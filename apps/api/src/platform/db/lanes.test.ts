import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { isStatementTimeout } from '../http/plugins';
import { rowsOf } from './client';
import { inLane, type Lane } from './lanes';
import { withTenant } from './tenant';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp({ env: { STATEMENT_TIMEOUT_MS: '300', KIOSK_STATEMENT_TIMEOUT_MS: '0' } });
});
afterAll(() => h.close());

/** A statement that runs for about `ms` on either database (PGlite's pg_sleep holds its thread as well). */
const slow = (ms: number) => sql`select pg_sleep(${ms / 1000})`;

describe('statement timeouts by lane (STATEMENT_TIMEOUT_MS, KIOSK_STATEMENT_TIMEOUT_MS)', () => {
  it("stops a console statement over the limit with a clear error; a kiosk's own limit applies to its calls", async () => {
    const org = await createOrg(h);
    const db = h.services.database.db;
    const started = performance.now();
    const err = await withTenant(db, org.entityId, (tx) => tx.execute(slow(1500))).then(() => null, (e: unknown) => e);
    expect(isStatementTimeout(err)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1400);
    // The database serves the next transaction (on the embedded one, once the stopped statement has finished).
    const [row] = rowsOf(await withTenant(db, org.entityId, (tx) => tx.execute(sql`select current_setting('app.entity_id') as tenant`)));
    expect(row).toEqual({ tenant: String(org.entityId) });
    // The device lane has no limit here (0): the same statement runs to its end.
    await inLane('device', () => withTenant(db, org.entityId, (tx) => tx.execute(slow(500))));
  });
});

describe('waiting for a connection by lane', () => {
  it('serves a waiting kiosk call before console calls that waited longer, and background work last', async () => {
    const { pool } = h.services.database;
    const org = await createOrg(h);
    const db = h.services.database.db;
    // Hold every connection of the pool (the embedded database has one; PostgreSQL's test pool eight).
    const size = pool.options.max ?? 10;
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const holders = Array.from({ length: size }, () => pool.connect().then(async (c) => (await held, c.release())));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const served: Lane[] = [];
    const wait = (lane: Lane) => inLane(lane, () => withTenant(db, org.entityId, async () => void served.push(lane)));
    const waiters = [wait('background'), wait('console'), wait('console'), wait('device'), wait('console'), wait('device')];
    try {
      // The job queue's own workers may wait too (background).
      expect(pool.stats().waiting).toBeGreaterThanOrEqual(6);
    } finally {
      free();
      await Promise.all([...holders, ...waiters]);
    }
    expect(served).toEqual(['device', 'device', 'console', 'console', 'console', 'background']);
  });
});
