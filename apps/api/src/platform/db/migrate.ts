import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR as MIGRATIONS } from '../../paths';
import type { Database } from './client';

export const APP_ROLE = 'gatehouse_app';

/**
 * Applies the drizzle-kit migrations in order (a journal table records them), then makes sure that every
 * tenant-owned table (every table with an `entity_id` column) has row-level security on
 * `current_setting('app.entity_id')`, and that the application role may use the tables. A table added later
 * is covered by the same sweep, so no policy can be forgotten.
 */
export async function migrate(database: Database) {
  const { sql } = database;
  // Extensions the schema uses (similar-name search for duplicates) come before any migration.
  await sql.exec('create extension if not exists pg_trgm');
  await sql.exec(`create schema if not exists gatehouse_meta;
    create table if not exists gatehouse_meta.migrations (name text primary key, applied_at timestamptz not null default now());`);
  const done = new Set((await sql.query<{ name: string }>('select name from gatehouse_meta.migrations')).rows.map((r) => r.name));
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    if (done.has(file)) continue;
    const text = readFileSync(join(MIGRATIONS, file), 'utf8');
    const statements = text.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
    await sql.exec('begin');
    try {
      for (const s of statements) await sql.exec(s);
      await sql.query('insert into gatehouse_meta.migrations (name) values ($1)', [file]);
      await sql.exec('commit');
    } catch (err) {
      await sql.exec('rollback');
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
  }
  await applySecurity(database);
}

async function applySecurity({ sql }: Database) {
  // The role is cluster-wide: another database on the same server (a second test run) may create it at the
  // same moment, so losing that race is fine.
  await sql.exec(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$;`);
  // A database user that is not a superuser may only switch to the role as a member of it.
  await sql.exec(`do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, '${APP_ROLE}', 'member') then
        execute 'grant ${APP_ROLE} to ' || quote_ident(current_user);
      end if;
    end $$;`);
  await sql.exec(`grant usage on schema public to ${APP_ROLE};
    grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
    grant usage, select on all sequences in schema public to ${APP_ROLE};`);
  const tables = (
    await sql.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and c.column_name = 'entity_id' and t.table_type = 'BASE TABLE'`,
    )
  ).rows.map((r) => r.table_name);
  const tenant = `nullif(current_setting('app.entity_id', true), '')::int`;
  for (const table of [...tables, 'entities']) {
    const column = table === 'entities' ? 'id' : 'entity_id';
    const has = await sql.query(`select 1 from pg_policies where schemaname = 'public' and tablename = $1 and policyname = 'tenant_isolation'`, [table]);
    await sql.exec(`alter table "${table}" enable row level security`);
    if (!has.rows.length) {
      await sql.exec(`create policy tenant_isolation on "${table}" to ${APP_ROLE}
        using ("${column}" = ${tenant}) with check ("${column}" = ${tenant})`);
    }
  }
  // Global tables the application role reads without a tenant (identity): no row-level policy, no RLS.
}
