import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPreferences, entities, roles, users } from '../../db/schema/index';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { runPrepared, statement } from './prepared';
import { asSystem, withCommit, withTenant } from './tenant';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

describe('row-level security (defence in depth)', () => {
  it('runs tenant work as the non-superuser application role', async () => {
    const org = await createOrg(h);
    const rows = await withTenant(h.services.database.db, org.entityId, (tx) =>
      tx.execute(sql`select current_user as who, current_setting('app.entity_id') as tenant, (select rolsuper from pg_roles where rolname = current_user) as su`),
    );
    const row = (rows as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(row).toMatchObject({ who: 'gatehouse_app', tenant: String(org.entityId), su: false });
  });

  it('a query without a tenant filter inside withTenant sees nothing of another tenant', async () => {
    const a = await createOrg(h);
    const b = await createOrg(h);
    await api(h.app, b.token).get(`/api/adminPreference/${b.entityId}?page_url=/users`);
    const db = h.services.database.db;
    const seen = await withTenant(db, a.entityId, async (tx) => ({
      roles: await tx.select().from(roles),
      users: await tx.select().from(users),
      entities: await tx.select().from(entities),
      prefs: await tx.select().from(adminPreferences),
    }));
    expect(seen.roles.length).toBe(4);
    expect(new Set(seen.roles.map((r) => r.entityId))).toEqual(new Set([a.entityId]));
    expect(seen.users.every((u) => u.entityId === a.entityId)).toBe(true);
    expect(seen.entities.map((e) => e.id)).toEqual([a.entityId]);
    expect(seen.prefs).toEqual([]);
    // the owner, outside row-level security, sees both (so the data really is there)
    const all = await asSystem(db, (tx) => tx.select().from(roles));
    expect(all.some((r) => r.entityId === b.entityId)).toBe(true);
  });

  it('cannot insert into, update or delete from another tenant', async () => {
    const a = await createOrg(h);
    const b = await createOrg(h);
    const db = h.services.database.db;
    await expect(withTenant(db, a.entityId, (tx) => tx.insert(roles).values({ entityId: b.entityId, key: 'intruder', name: 'intruder' }))).rejects.toThrow();
    const updated = await withTenant(db, a.entityId, (tx) => tx.update(roles).set({ name: 'renamed' }).where(eq(roles.entityId, b.entityId)).returning());
    expect(updated).toEqual([]);
    const deleted = await withTenant(db, a.entityId, (tx) => tx.delete(users).where(eq(users.entityId, b.entityId)).returning());
    expect(deleted).toEqual([]);
    const renamedEntity = await withTenant(db, a.entityId, (tx) => tx.update(entities).set({ name: 'taken' }).where(eq(entities.id, b.entityId)).returning());
    expect(renamedEntity).toEqual([]);
    // moving an own row into the other tenant is refused too
    await expect(withTenant(db, a.entityId, (tx) => tx.update(roles).set({ entityId: b.entityId }).where(eq(roles.entityId, a.entityId)))).rejects.toThrow();
    const bRoles = await asSystem(db, (tx) => tx.select().from(roles).where(eq(roles.entityId, b.entityId)));
    expect(bRoles.map((r) => r.key).sort()).toEqual(['admin', 'employee', 'employee_reporting', 'fire_warden']);
    expect(bRoles.some((r) => r.name === 'renamed')).toBe(false);
    const [bEntity] = await asSystem(db, (tx) => tx.select().from(entities).where(eq(entities.id, b.entityId)));
    expect(bEntity.name).not.toBe('taken');
  });

  it('without a tenant set, the application role sees no tenant rows at all', async () => {
    await createOrg(h);
    const db = h.services.database.db;
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'gatehouse_app', true)`);
      return tx.select().from(roles);
    });
    expect(rows).toEqual([]);
  });

  it('every table with an entity_id column has row-level security and the tenant policy', async () => {
    const { rows } = await h.services.database.sql.query<{ table_name: string; rls: boolean; policy: string | null }>(
      `select c.table_name, cl.relrowsecurity as rls,
              (select policyname from pg_policies p where p.schemaname = 'public' and p.tablename = c.table_name and policyname = 'tenant_isolation') as policy
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         join pg_class cl on cl.relname = c.table_name and cl.relnamespace = 'public'::regnamespace
        where c.table_schema = 'public' and c.column_name = 'entity_id' and t.table_type = 'BASE TABLE'`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r, r.table_name).toMatchObject({ rls: true, policy: 'tenant_isolation' });
  });
});

describe('the last statement and the commit sent together (withCommit)', () => {
  const ADD_ROLE = statement('insert into roles (entity_id, key, name) values ($1, $2, $3) returning id');
  const rolesNamed = (key: string) => asSystem(h.services.database.db, (tx) => tx.select().from(roles).where(eq(roles.key, key)));

  it('commits the statement it travels with, and answers only once committed', async () => {
    const org = await createOrg(h);
    const id = await withTenant(h.services.database.db, org.entityId, async (tx) => {
      const [row] = await withCommit(tx, () => runPrepared<{ id: number }>(tx, ADD_ROLE, [org.entityId, 'behind-ok', 'Behind']));
      return row.id;
    });
    expect((await rolesNamed('behind-ok')).map((r) => r.id)).toEqual([id]);
  });

  it('a statement that failed before the commit leaves nothing of the transaction committed', async () => {
    const a = await createOrg(h);
    const b = await createOrg(h);
    const db = h.services.database.db;
    await expect(
      withTenant(db, a.entityId, async (tx) => {
        await runPrepared(tx, ADD_ROLE, [a.entityId, 'behind-first', 'First']);
        // Row-level security refuses a row of another organisation.
        await withCommit(tx, () => runPrepared(tx, ADD_ROLE, [b.entityId, 'behind-refused', 'Refused']));
      }),
    ).rejects.toThrow();
    expect(await rolesNamed('behind-first')).toEqual([]);
    expect(await rolesNamed('behind-refused')).toEqual([]);
    // The connections went back clean: the next transactions see their own tenant, as the application role.
    for (let i = 0; i < 12; i++) {
      const rows = await withTenant(db, b.entityId, (tx) => tx.execute(sql`select current_user as who, current_setting('app.entity_id') as tenant`));
      expect((rows as unknown as { rows: Record<string, unknown>[] }).rows[0]).toEqual({ who: 'gatehouse_app', tenant: String(b.entityId) });
    }
  });

  it('a statement after the commit is refused, never run outside the transaction (both databases)', async () => {
    const org = await createOrg(h);
    const after = withTenant(h.services.database.db, org.entityId, async (tx) => {
      await withCommit(tx, () => runPrepared(tx, ADD_ROLE, [org.entityId, 'behind-before', 'Before']));
      await runPrepared(tx, ADD_ROLE, [org.entityId, 'behind-after', 'After']);
    });
    const refused = await after.then(() => null, (e: Error) => e);
    expect((refused?.cause as Error | undefined)?.message).toBe('withTenant: a statement after the transaction was committed');
    expect(await rolesNamed('behind-after')).toEqual([]);
    expect(await rolesNamed('behind-before')).toHaveLength(1);
  });
});
