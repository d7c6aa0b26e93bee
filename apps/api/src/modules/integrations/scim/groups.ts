import { sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit';
import { rowsOf, type Db } from '../../../platform/db/client';
import { invalidPath, invalidValue, noResource, ScimError } from './errors';
import type { EqFilter } from './filter';
import { parsePath } from './patch';
import { GROUP_SCHEMA, type PatchOp } from './resource';
import type { ScimScope } from './users';

/** SCIM Groups are our user types: a member of a group is a person of that user type. */
interface TypeRow {
  id: number;
  name: string;
  created_at: string | Date;
  updated_at: string | Date;
  total?: string;
}

const iso = (d: string | Date) => new Date(d).toISOString();

async function membersOf(tx: Db, s: ScimScope, typeIds: number[]) {
  if (!typeIds.length) return new Map<number, { value: string; display: string }[]>();
  const rows = rowsOf<{ id: number; user_type_id: number; name: string }>(
    await tx.execute(sql`select id, user_type_id, trim(first_name || ' ' || last_name) as name from users
      where entity_id = ${s.entityId} and status = 'active' and anonymised_at is null
        and user_type_id = any(array(select jsonb_array_elements_text(${JSON.stringify(typeIds)}::jsonb)::int)) order by id`),
  );
  const out = new Map<number, { value: string; display: string }[]>();
  for (const r of rows) (out.get(r.user_type_id) ?? out.set(r.user_type_id, []).get(r.user_type_id)!).push({ value: String(r.id), display: r.name });
  return out;
}

const present = (s: ScimScope, t: TypeRow, members?: { value: string; display: string }[]) => ({
  schemas: [GROUP_SCHEMA],
  id: String(t.id),
  displayName: t.name,
  ...(members ? { members } : {}),
  meta: { resourceType: 'Group', created: iso(t.created_at), lastModified: iso(t.updated_at), location: `${s.base}/Groups/${t.id}` },
});

async function findType(tx: Db, s: ScimScope, id: string): Promise<TypeRow> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw noResource('Group', id.slice(0, 40));
  const [row] = rowsOf<TypeRow>(await tx.execute(sql`select id, name, created_at, updated_at from user_types where entity_id = ${s.entityId} and id = ${Number(id)}`));
  if (!row) throw noResource('Group', id);
  return row;
}

export async function getGroup(tx: Db, s: ScimScope, id: string, withMembers = true) {
  const t = await findType(tx, s, id);
  return present(s, t, withMembers ? ((await membersOf(tx, s, [t.id])).get(t.id) ?? []) : undefined);
}

export async function listGroups(tx: Db, s: ScimScope, filter: EqFilter | null, offset: number, size: number, withMembers: boolean) {
  let where = sql`true`;
  if (filter?.attribute === 'displayname') where = sql`lower(name) = lower(${filter.value})`;
  else if (filter?.attribute === 'id') where = /^\d{1,10}$/.test(filter.value) ? sql`id = ${Number(filter.value)}` : sql`false`;
  const rows = rowsOf<TypeRow>(
    await tx.execute(sql`select id, name, created_at, updated_at, count(*) over () as total from user_types
      where entity_id = ${s.entityId} and ${where} order by sort_order, id limit ${size || 1} offset ${offset}`),
  );
  const members = withMembers && size ? await membersOf(tx, s, rows.map((r) => r.id)) : null;
  return { total: Number(rows[0]?.total ?? 0), groups: size ? rows.map((r) => present(s, r, members ? (members.get(r.id) ?? []) : undefined)) : [] };
}

/** The person ids a member list names; every one must be a person of this organisation (else 400). */
async function memberIds(tx: Db, s: ScimScope, value: unknown): Promise<number[]> {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : null;
  if (!list) throw invalidValue('members must be a list of { value }');
  const ids = list.map((m) => String((m as { value?: unknown })?.value ?? ''));
  if (ids.some((id) => !/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647)) throw invalidValue('A member value is not a user id');
  const wanted = [...new Set(ids.map(Number))];
  if (!wanted.length) return [];
  const found = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from users where entity_id = ${s.entityId} and id = any(array(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)::int))`),
  );
  if (found.length !== wanted.length) throw invalidValue('A member is not a user of this organisation');
  return wanted;
}

const idsJson = (ids: number[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;

/**
 * PATCH members: `add` moves people into the user type, `remove` takes them out of it (they keep no user type),
 * `replace` makes the list exact; `replace` of displayName renames the user type.
 */
export async function patchGroup(tx: Db, s: ScimScope, id: string, ops: PatchOp[]) {
  const t = await findType(tx, s, id);
  for (const o of ops) {
    const op = o.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, `Unknown operation "${o.op.slice(0, 20)}"`, 'invalidSyntax');
    const entries: [string | undefined, unknown][] = o.path
      ? [[o.path, o.value]]
      : o.value && typeof o.value === 'object' && !Array.isArray(o.value)
        ? Object.entries(o.value as Record<string, unknown>)
        : [];
    if (!entries.length) throw invalidValue('An operation without a path needs an object value');
    for (const [path, value] of entries) {
      const p = parsePath(path ?? '');
      if (!p) continue;
      if (p.attr.toLowerCase() === 'displayname' && !p.filter && !p.sub) {
        if (op === 'remove' || typeof value !== 'string' || !value.trim() || value.length > 100) throw invalidValue('displayName must be a name of 1 to 100 characters');
        await tx.execute(sql`update user_types set name = ${value.trim()}, updated_at = now() where id = ${t.id} and entity_id = ${s.entityId}`);
        continue;
      }
      if (p.attr !== 'members' || p.sub) throw invalidPath(`The path "${(path ?? '').slice(0, 100)}" is not supported on a Group`);
      const named = p.filter ? (p.filter.key === 'value' ? await memberIds(tx, s, [{ value: p.filter.value }]) : null) : value === undefined ? null : await memberIds(tx, s, value);
      if (p.filter && p.filter.key !== 'value') throw invalidPath('Members can only be chosen by value');
      if (op === 'remove') {
        const only = named ? sql`and id = any(${idsJson(named)})` : sql``;
        await tx.execute(sql`update users set user_type_id = null, updated_at = now() where entity_id = ${s.entityId} and user_type_id = ${t.id} ${only}`);
        continue;
      }
      if (!named) throw invalidValue('members needs a value');
      if (op === 'replace') {
        await tx.execute(sql`update users set user_type_id = null, updated_at = now() where entity_id = ${s.entityId} and user_type_id = ${t.id} and id <> all(${idsJson(named)})`);
      }
      if (named.length) {
        await tx.execute(sql`update users set user_type_id = ${t.id}, updated_at = now() where entity_id = ${s.entityId} and id = any(${idsJson(named)}) and user_type_id is distinct from ${t.id}`);
      }
    }
  }
  await audit(tx, s.entityId, null, 'scim_patch', 'user_type', t.id, { operations: ops.length });
  return getGroup(tx, s, id);
}
