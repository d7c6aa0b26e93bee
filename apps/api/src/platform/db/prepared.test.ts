import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { runPrepared, statement } from './prepared';
import { withTenant } from './tenant';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const ECHO = statement(`select $1::int as n, $2::text as s, $3::boolean as b, $4::timestamptz as at, $5::int as none`);
const TENANT = statement(`select current_setting('app.entity_id') as tenant, current_user as who, (select count(*)::int from roles) as roles`);
const CAST = statement(`select $1::int as n`);

// The hot statements (actor, sign-in) run through runPrepared: named, parsed and planned once per connection, on
// PostgreSQL and on the embedded database alike (npm run test:pg runs this file on PostgreSQL).
describe('runPrepared', () => {
  it('binds numbers, text, booleans, dates and nulls, again and again', async () => {
    const at = new Date('2026-03-01T08:41:00.000Z');
    for (let i = 0; i < 7; i++) {
      const [row] = await runPrepared<{ n: number; s: string; b: boolean; at: string | Date; none: null }>(h.services.database.db, ECHO, [i, `it's ${i}`, i % 2 === 0, at, null]);
      expect(row).toMatchObject({ n: i, s: `it's ${i}`, b: i % 2 === 0, none: null });
      expect(new Date(row.at).toISOString()).toBe(at.toISOString());
    }
  });

  it('runs inside the tenant transaction, under row-level security', async () => {
    const a = await createOrg(h);
    await createOrg(h);
    const [row] = await withTenant(h.services.database.db, a.entityId, (tx) => runPrepared<{ tenant: string; who: string; roles: number }>(tx, TENANT, []));
    // Four roles are the organisation's own; the other organisation's are not seen.
    expect(row).toEqual({ tenant: String(a.entityId), who: 'gatehouse_app', roles: 4 });
  });

  it('a statement that failed (and rolled its transaction back) runs again afterwards', async () => {
    const org = await createOrg(h);
    const db = h.services.database.db;
    await expect(withTenant(db, org.entityId, (tx) => runPrepared(tx, CAST, ['not a number']))).rejects.toThrow();
    const [row] = await withTenant(db, org.entityId, (tx) => runPrepared<{ n: number }>(tx, CAST, [42]));
    expect(row.n).toBe(42);
    const [outside] = await runPrepared<{ n: number }>(db, CAST, [7]);
    expect(outside.n).toBe(7);
  });
});
