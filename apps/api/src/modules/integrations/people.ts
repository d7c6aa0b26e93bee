import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { integrationPeople, integrationTempUsers, users } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';
import { closeOpenVisits } from '../visits/index';
import { fingerprint, type MappedPerson } from './mapping';
import type { IntegrationRow } from './store';

/** A text[] parameter (drizzle would spread a JS array into a list). */
const textArray = (a: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(a)}::jsonb))`;

const UNIQUE_FIELDS = ['email', 'phone', 'id_number'] as const;
type Counts = Record<string, number>;
const bump = (c: Counts, k: string, n = 1) => (c[k] = (c[k] ?? 0) + n);

/**
 * Who each person duplicates: an existing person with the same e-mail, phone or ID (not the one already linked to
 * this directory id), or another person of the same directory with the same e-mail. One query each per page.
 */
async function duplicatesOf(tx: Db, integ: IntegrationRow, people: MappedPerson[]) {
  const byPerson = new Map<string, { userId: number | null; field: string }>();
  const values = (f: (typeof UNIQUE_FIELDS)[number]) => [...new Set(people.map((p) => p.data[f]).filter((v): v is string => !!v))];
  const [emails, phones, ids] = [values('email'), values('phone'), values('id_number')];
  if (emails.length || phones.length || ids.length) {
    const existing = rowsOf<{ id: number; email: string | null; phone: string | null; id_number: string | null; external_id: string | null }>(
      await tx.execute(sql`select u.id, lower(u.email) as email, u.phone, u.id_number, ip.external_id
        from users u left join integration_people ip on ip.user_id = u.id and ip.integration_id = ${integ.id}
        where u.entity_id = ${integ.entityId} and (lower(u.email) = any(${textArray(emails)}) or u.phone = any(${textArray(phones)}) or u.id_number = any(${textArray(ids)}))`),
    );
    for (const p of people) {
      for (const f of UNIQUE_FIELDS) {
        const hit = p.data[f] && existing.find((e) => e[f] === p.data[f] && e.external_id !== p.externalId);
        if (hit && !byPerson.has(p.externalId)) byPerson.set(p.externalId, { userId: hit.id, field: f });
      }
    }
  }
  if (emails.length) {
    const others = rowsOf<{ external_id: string; email: string }>(
      await tx.execute(sql`select external_id, data->>'email' as email from integration_temp_users
        where integration_id = ${integ.id} and data->>'email' = any(${textArray(emails)})
          and external_id <> all(${textArray(people.map((p) => p.externalId))})`),
    );
    const seen = new Map(others.map((o) => [o.email, o.external_id]));
    for (const p of people) {
      const e = p.data.email;
      if (!e || byPerson.has(p.externalId)) continue;
      if (seen.has(e) && seen.get(e) !== p.externalId) byPerson.set(p.externalId, { userId: null, field: 'email' });
      else seen.set(e, p.externalId);
    }
  }
  return byPerson;
}

/** Puts people into the temporary lists: error (with its messages), duplicate (with whom) or valid. */
export async function stage(tx: Db, integ: IntegrationRow, people: MappedPerson[], runId: number, counts: Counts) {
  if (!people.length) return;
  const dups = await duplicatesOf(tx, integ, people);
  const rows = people.map((p) => {
    const dup = dups.get(p.externalId);
    const errors = Object.keys(p.errors).length ? p.errors : dup ? { [dup.field]: [dup.userId ? 'integrations.duplicate_of_person' : 'integrations.duplicate_in_directory'] } : {};
    const state = Object.keys(p.errors).length ? ('error' as const) : dup ? ('duplicate' as const) : ('valid' as const);
    bump(counts, state);
    return { entityId: integ.entityId, integrationId: integ.id, externalId: p.externalId, state, data: p.data, userTypeId: p.userTypeId, errors, duplicateOf: dup?.userId ?? null, runId };
  });
  await tx
    .insert(integrationTempUsers)
    .values(rows)
    .onConflictDoUpdate({
      target: [integrationTempUsers.integrationId, integrationTempUsers.externalId],
      set: { state: sql`excluded.state`, data: sql`excluded.data`, userTypeId: sql`excluded.user_type_id`, errors: sql`excluded.errors`, duplicateOf: sql`excluded.duplicate_of`, runId: sql`excluded.run_id`, updatedAt: sql`now()` },
    });
}

/**
 * Creates people and their directory links in one statement: the ids are drawn first so each link pairs with its
 * person (no reliance on the order of a multi-row insert's answer).
 */
export async function createPeople(tx: Db, integ: IntegrationRow, people: MappedPerson[]) {
  if (!people.length) return;
  const src = people.map((p) => ({
    ext: p.externalId,
    first_name: p.data.first_name,
    last_name: p.data.last_name,
    email: p.data.email ?? null,
    phone: p.data.phone ?? null,
    id_number: p.data.id_number ?? null,
    company_name: p.data.company_name ?? null,
    user_type_id: p.userTypeId,
    status: p.active ? 'active' : 'archived',
    hash: fingerprint(p),
  }));
  await tx.execute(sql`
    with src as materialized (
      select x.*, nextval(pg_get_serial_sequence('users', 'id'))::int as uid
      from jsonb_to_recordset(${JSON.stringify(src)}::jsonb) as x(ext text, first_name text, last_name text, email text, phone text, id_number text, company_name text, user_type_id int, status text, hash text)
    ), made as (
      insert into users (id, entity_id, first_name, last_name, email, phone, id_number, company_name, user_type_id, status, archived_at)
      overriding system value
      select uid, ${integ.entityId}, first_name, last_name, email, phone, id_number, company_name, user_type_id, status, case when status = 'archived' then now() end from src
      returning id
    )
    insert into integration_people (entity_id, integration_id, external_id, user_id, hash)
    select ${integ.entityId}, ${integ.id}, ext, uid, hash from src where uid in (select id from made)`);
}

/** Archives people who left the directory (or were suspended): signed out, kept with their history, never deleted. */
export async function archivePeople(tx: Db, entityId: number, userIds: number[]) {
  if (!userIds.length) return 0;
  const archived = await tx
    .update(users)
    .set({ status: 'archived', archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.entityId, entityId), inArray(users.id, userIds), eq(users.status, 'active')))
    .returning({ id: users.id });
  if (archived.length) await closeOpenVisits(tx, { entityId, userIds: archived.map((a) => a.id), method: 'directory_left' });
  return archived.length;
}

/**
 * One page of a sync after the first migration: linked people are updated when they changed (or only marked as
 * seen), new people are created when valid, or listed as errors or duplicates; removed people are archived.
 */
export async function applyPage(tx: Db, integ: IntegrationRow, people: MappedPerson[], removed: string[], runId: number, counts: Counts) {
  const ids = people.map((p) => p.externalId);
  const links = ids.length
    ? await tx.select().from(integrationPeople).where(and(eq(integrationPeople.integrationId, integ.id), inArray(integrationPeople.externalId, ids)))
    : [];
  const linkOf = new Map(links.map((l) => [l.externalId, l]));
  const unchanged: number[] = [];
  const fresh: MappedPerson[] = [];
  const toArchive: number[] = [];
  for (const p of people) {
    const link = linkOf.get(p.externalId);
    if (!link) {
      fresh.push(p);
      continue;
    }
    const hash = fingerprint(p);
    if (link.hash === hash && !link.removedAt) {
      unchanged.push(link.id);
      bump(counts, 'unchanged');
      continue;
    }
    if (Object.keys(p.errors).length) {
      // A linked person whose new details are wrong keeps the old ones; the error is listed to fix.
      await stage(tx, integ, [p], runId, counts);
      unchanged.push(link.id);
      continue;
    }
    const set = Object.fromEntries(
      Object.entries({ firstName: p.data.first_name, lastName: p.data.last_name, email: p.data.email, phone: p.data.phone, idNumber: p.data.id_number, companyName: p.data.company_name }).filter(([, v]) => v !== undefined),
    );
    try {
      await tx.transaction(async (sp) => {
        await sp
          .update(users)
          .set({ ...set, ...(p.userTypeId ? { userTypeId: p.userTypeId } : {}), ...(p.active ? { status: 'active' as const, archivedAt: null } : {}), updatedAt: sql`now()` })
          .where(and(eq(users.entityId, integ.entityId), eq(users.id, link.userId)));
        await sp.update(integrationPeople).set({ hash, removedAt: null, syncedAt: sql`now()` }).where(eq(integrationPeople.id, link.id));
      });
      bump(counts, 'updated');
      if (!p.active) toArchive.push(link.userId);
    } catch {
      // Another person holds the new e-mail, phone or ID: listed as a duplicate, the person keeps the old details.
      await stage(tx, integ, [p], runId, counts);
      unchanged.push(link.id);
    }
  }
  if (unchanged.length) await tx.update(integrationPeople).set({ syncedAt: sql`now()` }).where(inArray(integrationPeople.id, unchanged));
  if (fresh.length) {
    const dups = await duplicatesOf(tx, integ, fresh);
    const valid = fresh.filter((p) => !Object.keys(p.errors).length && !dups.has(p.externalId));
    await stage(tx, integ, fresh.filter((p) => !valid.includes(p)), runId, counts);
    await createPeople(tx, integ, valid);
    if (valid.length) {
      await tx.delete(integrationTempUsers).where(and(eq(integrationTempUsers.integrationId, integ.id), inArray(integrationTempUsers.externalId, valid.map((p) => p.externalId))));
      bump(counts, 'created', valid.length);
    }
  }
  if (removed.length) {
    const gone = await tx
      .update(integrationPeople)
      .set({ removedAt: sql`now()` })
      .where(and(eq(integrationPeople.integrationId, integ.id), inArray(integrationPeople.externalId, removed), isNull(integrationPeople.removedAt)))
      .returning({ userId: integrationPeople.userId });
    toArchive.push(...gone.map((g) => g.userId));
    await tx.delete(integrationTempUsers).where(and(eq(integrationTempUsers.integrationId, integ.id), inArray(integrationTempUsers.externalId, removed)));
  }
  bump(counts, 'archived', await archivePeople(tx, integ.entityId, toArchive));
}

/** After a full listing (no change tracking): the linked people it did not list left the directory. */
export async function archiveUnseen(tx: Db, integ: IntegrationRow, since: Date, counts: Counts) {
  const gone = await tx
    .update(integrationPeople)
    .set({ removedAt: sql`now()` })
    .where(and(eq(integrationPeople.integrationId, integ.id), isNull(integrationPeople.removedAt), sql`${integrationPeople.syncedAt} < ${since}`))
    .returning({ userId: integrationPeople.userId });
  bump(counts, 'archived', await archivePeople(tx, integ.entityId, gone.map((g) => g.userId)));
}
