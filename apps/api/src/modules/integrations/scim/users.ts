import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../platform/db/client';
import { audit } from '../../../platform/audit';
import { closeOpenVisits } from '../../visits/index';
import { invalidValue, noResource, ScimError } from './errors';
import type { EqFilter } from './filter';
import { applyPatch } from './patch';
import { type PatchOp, type PersonFields, type PersonRow, presentUser, toPerson, zScimUserIn } from './resource';

/** Who a SCIM call acts for: the organisation and its SCIM integration (the externalId links). */
export interface ScimScope {
  entityId: number;
  integrationId: number;
  /** The absolute base of the SCIM endpoint (meta.location). */
  base: string;
}

const select = (s: ScimScope, where: SQL) => sql`
  select u.id, u.first_name, u.last_name, u.email, u.phone, u.id_number, u.status, u.role_id, u.user_type_id,
         ut.name as type_name, ip.external_id, u.created_at, u.updated_at, count(*) over () as total
    from users u
    left join integration_people ip on ip.user_id = u.id and ip.integration_id = ${s.integrationId} and ip.entity_id = ${s.entityId}
    left join user_types ut on ut.id = u.user_type_id and ut.entity_id = ${s.entityId}
   where u.entity_id = ${s.entityId} and u.anonymised_at is null and ${where}`;

/** The person by SCIM id (our person id); 404 for an unknown id or another organisation's. */
export async function findPerson(tx: Db, s: ScimScope, id: string): Promise<PersonRow> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw noResource('User', id.slice(0, 40));
  const [row] = rowsOf<PersonRow>(await tx.execute(sql`${select(s, sql`u.id = ${Number(id)}`)}`));
  if (!row) throw noResource('User', id);
  return row;
}

export async function listPeople(tx: Db, s: ScimScope, filter: EqFilter | null, offset: number, size: number) {
  let where = sql`true`;
  // userName is the e-mail when it is one, else the ID number, else the id (presentUser): one indexed condition each.
  if (filter?.attribute === 'username') {
    const v = filter.value;
    where = v.includes('@')
      ? sql`u.email is not null and lower(u.email) = lower(${v})`
      : /^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647
        ? sql`(u.id_number = ${v} or (u.id = ${Number(v)} and u.email is null and u.id_number is null))`
        : sql`u.id_number = ${v}`;
  }
  else if (filter?.attribute === 'externalid') where = sql`ip.external_id = ${filter.value}`;
  else if (filter?.attribute === 'id') where = /^\d{1,10}$/.test(filter.value) ? sql`u.id = ${Number(filter.value)}` : sql`false`;
  else if (filter?.attribute === 'emails.value' || filter?.attribute === 'emails') where = sql`lower(u.email) = lower(${filter.value})`;
  const rows = rowsOf<PersonRow & { total: string }>(await tx.execute(sql`${select(s, where)} order by u.id limit ${size || 1} offset ${offset}`));
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && offset > 0) {
    const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${select(s, where)}) q`));
    total = c?.n ?? 0;
  }
  return { total, people: size ? rows : [] };
}

/** Console users keep their login and their place: SCIM may not archive them or change their e-mail. */
function guardConsoleUser(before: PersonRow, next: PersonFields) {
  if (before.role_id === null) return;
  if (next.status === 'archived' && before.status === 'active') throw new ScimError(403, 'This person uses the Gatehouse console and can only be deactivated in Gatehouse', 'mutability');
  if ((next.email ?? '').toLowerCase() !== (before.email ?? '').toLowerCase()) throw new ScimError(403, 'This person uses the Gatehouse console: their e-mail is their login and can only be changed in Gatehouse', 'mutability');
}

async function linkExternalId(tx: Db, s: ScimScope, userId: number, externalId: string | null) {
  await tx.execute(sql`delete from integration_people where integration_id = ${s.integrationId} and user_id = ${userId} and external_id is distinct from ${externalId}`);
  if (externalId) {
    const taken = rowsOf<{ user_id: number }>(await tx.execute(sql`select user_id from integration_people where integration_id = ${s.integrationId} and external_id = ${externalId}`));
    if (taken.some((t) => t.user_id !== userId)) throw new ScimError(409, 'Another user has this externalId', 'uniqueness');
    if (!taken.length) await tx.execute(sql`insert into integration_people (entity_id, integration_id, external_id, user_id) values (${s.entityId}, ${s.integrationId}, ${externalId}, ${userId})`);
  }
}

export async function createPerson(tx: Db, s: ScimScope, body: unknown) {
  const p = toPerson(parseUser(body));
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into users (entity_id, first_name, last_name, email, phone, id_number, status, archived_at)
      values (${s.entityId}, ${p.firstName}, ${p.lastName}, ${p.email}, ${p.phone}, ${p.idNumber}, ${p.status}, ${p.status === 'archived' ? sql`now()` : null})
      returning id`),
  );
  await linkExternalId(tx, s, row!.id, p.externalId);
  await audit(tx, s.entityId, null, 'scim_create', 'user', row!.id, { email: p.email, status: p.status });
  return presentUser(await findPerson(tx, s, String(row!.id)), s.base);
}

/** PUT: the person becomes what the body says (absent optional attributes are cleared). */
export async function replacePerson(tx: Db, s: ScimScope, id: string, body: unknown) {
  const before = await findPerson(tx, s, id);
  return store(tx, s, before, toPerson(parseUser(body)));
}

/** PATCH: the operations applied to the person as answered, then stored like a PUT. */
export async function patchPerson(tx: Db, s: ScimScope, id: string, ops: PatchOp[]) {
  const before = await findPerson(tx, s, id);
  const current = presentUser(before, s.base) as Record<string, unknown>;
  const next = applyPatch(current, ops);
  const p = toPerson(parseUser(next));
  // A userName kept as it was answered (the person id, when they have neither e-mail nor ID number) is not an ID number.
  if (p.idNumber === String(before.id) && before.id_number === null) p.idNumber = null;
  return store(tx, s, before, p);
}

async function store(tx: Db, s: ScimScope, before: PersonRow, p: PersonFields) {
  // An e-mail userName says nothing of the ID number: the one the person has is kept.
  if (p.idNumber === null) p.idNumber = before.id_number;
  guardConsoleUser(before, p);
  await tx.execute(sql`update users set first_name = ${p.firstName}, last_name = ${p.lastName}, email = ${p.email}, phone = ${p.phone},
      id_number = ${p.idNumber}, status = ${p.status},
      archived_at = case when ${p.status} = 'archived' then coalesce(archived_at, now()) else null end, updated_at = now()
    where id = ${before.id} and entity_id = ${s.entityId}`);
  if (p.status === 'archived' && before.status === 'active') await closeOpenVisits(tx, { entityId: s.entityId, userIds: [before.id], method: 'directory_left' });
  await linkExternalId(tx, s, before.id, p.externalId);
  await audit(tx, s.entityId, null, 'scim_update', 'user', before.id, { email: p.email, status: p.status });
  return presentUser(await findPerson(tx, s, String(before.id)), s.base);
}

/** DELETE: the person is archived, never deleted; their visits, scans and history stay. */
export async function archivePerson(tx: Db, s: ScimScope, id: string) {
  const before = await findPerson(tx, s, id);
  const fields = { ...toPerson(parseUser(presentUser(before, s.base))), status: 'archived' as const, email: before.email, idNumber: before.id_number };
  guardConsoleUser(before, fields);
  if (before.status === 'active') {
    await tx.execute(sql`update users set status = 'archived', archived_at = now(), updated_at = now() where id = ${before.id} and entity_id = ${s.entityId}`);
    await closeOpenVisits(tx, { entityId: s.entityId, userIds: [before.id], method: 'directory_left' });
    await audit(tx, s.entityId, null, 'scim_archive', 'user', before.id);
  }
}

function parseUser(body: unknown) {
  const r = zScimUserIn.safeParse(body);
  if (!r.success) {
    const where = [...new Set(r.error.issues.map((i) => i.path.join('.') || 'body'))].join(', ');
    throw invalidValue(`Invalid or missing attribute: ${where}`);
  }
  return r.data;
}
