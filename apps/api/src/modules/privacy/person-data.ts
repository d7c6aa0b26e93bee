import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { accounts, privacyRuns, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { verifyPassword } from '../../platform/auth/passwords';
import { rowsOf, type Db } from '../../platform/db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { accessOf, visibleTo } from '../users/index';
import { deletePeople, fileKey } from './purge';

/** The actor's own password, checked (rules 284-285: delete now; erasure): 400 on the field when wrong. */
export async function assertPassword(tx: Db, actor: MemberActor, password: string, field = 'password') {
  const [a] = await tx.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, actor.accountId));
  if (!a || !(await verifyPassword(a.hash, password))) throw badRequest({ [field]: ['privacy.password_wrong'] });
}

/** A person of the organisation the actor may see (rule 96), else 404. */
export async function visiblePerson(tx: Db, actor: MemberActor, id: number) {
  const [p] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.entityId, actor.entityId), visibleTo(await accessOf(tx, actor))));
  if (!p) throw notFound('reports.person_unknown');
  return p;
}

/** What is held about a person, kind by kind (one JSON file each). */
const RECORDS: [string, (e: number, id: number) => ReturnType<typeof sql>][] = [
  ['visits', (e, id) => sql`select * from visits where entity_id = ${e} and user_id = ${id} order by id`],
  ['scans', (e, id) => sql`select id, visit_id, area_id, kiosk_id, direction, method, late, early, reason_id, temperature, mask, notes, at from scans where entity_id = ${e} and user_id = ${id} order by at`],
  ['documents', (e, id) => sql`select * from user_documents where entity_id = ${e} and user_id = ${id}`],
  ['custom_fields', (e, id) => sql`select cf.name, v.value, v.updated_at from custom_field_values v join custom_fields cf on cf.id = v.custom_field_id where v.entity_id = ${e} and v.user_id = ${id}`],
  ['labels', (e, id) => sql`select l.name from user_labels ul join labels l on l.id = ul.label_id where ul.entity_id = ${e} and ul.user_id = ${id}`],
  ['compliance_answers', (e, id) => sql`select * from compliance_users where entity_id = ${e} and user_id = ${id}`],
  ['print_jobs', (e, id) => sql`select id, printer, status, created_at, executed_at from print_jobs where entity_id = ${e} and user_id = ${id}`],
];

/**
 * Everything held about a person (a subject access request), as a ZIP: person.json, one JSON file per kind of
 * record, and their stored files (photo, documents, visit photos). Streamed: files are read as the ZIP is sent.
 */
export async function personalDataZip(services: Services, tx: Db, actor: MemberActor, id: number): Promise<{ stream: Readable; name: string }> {
  const p = await visiblePerson(tx, actor, id);
  const zip = new yazl.ZipFile();
  const { rfidCodeHash: _h, kioskCode: _k, searchText: _s, dupEmail: _de, dupPhone: _dp, dupIdNumber: _di, ...person } = p;
  zip.addBuffer(Buffer.from(JSON.stringify(person, null, 2)), 'person.json');
  for (const [name, query] of RECORDS) {
    const rows = rowsOf<Record<string, unknown>>(await tx.execute(query(actor.entityId, id)));
    zip.addBuffer(Buffer.from(JSON.stringify(rows, null, 2)), `${name}.json`);
  }
  const files = rowsOf<{ path: string }>(
    await tx.execute(sql`select image as path from users where id = ${id} and image is not null
      union all select file from user_documents where user_id = ${id} and file is not null
      union all select image from visits where user_id = ${id} and image is not null`),
  );
  for (const f of files) {
    const key = fileKey(f.path);
    if (key && (await services.storage.exists(key))) zip.addReadStream(services.storage.readStream(key), `files/${key}`);
  }
  zip.end();
  return { stream: zip.outputStream as unknown as Readable, name: `personal-data-${id}.zip` };
}

/**
 * Erases a person on request: they and everything they own are deleted (visits, scans, documents, answers), the
 * stored files after the commit; recorded as a privacy run and in the audit log. Console members cannot be
 * erased here (their role first). Answers the run and the files to remove.
 */
export async function erasePerson(tx: Db, actor: MemberActor, id: number) {
  const p = await visiblePerson(tx, actor, id);
  if (p.roleId !== null) throw forbidden('privacy.person_member');
  const [counts] = rowsOf<{ visits: number; scans: number }>(
    await tx.execute(sql`select (select count(*) from visits where user_id = ${id})::int as visits, (select count(*) from scans where user_id = ${id})::int as scans`),
  );
  const files = await deletePeople(tx, actor.entityId, [id]);
  const [run] = await tx
    .insert(privacyRuns)
    .values({ entityId: actor.entityId, kind: 'erase_person', status: 'done', step: 'done', scope: { user_id: id, name: `#${id}` }, counts: { people_deleted: 1, visits_deleted: Number(counts.visits), scans_deleted: Number(counts.scans), files_deleted: files.filter((f) => fileKey(f)).length }, pendingFiles: files, requestedBy: actor.userId, startedAt: new Date(), finishedAt: new Date() })
    .returning();
  return { run, files };
}
