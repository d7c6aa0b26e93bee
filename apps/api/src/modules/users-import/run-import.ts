import { zEmail } from '@gatehouse/contract';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { departments, importRows, importTasks, roles, userLabels, userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { nextBatchSize } from '../../platform/db/paced-batches';
import { withTenant } from '../../platform/db/tenant';
import { flushEvents } from '../../platform/realtime';
import type { Services } from '../../platform/services';
import { type ChangeActor, labelIds, protectedOf, refusalOf, storeUserPhoto } from '../users';
import { bumpTask } from './stage-import';

export const IMPORT_JOB = 'users.import';
/** The most rows one batch takes. */
export const BATCH = 500;
const FIRST_BATCH = 50;

type Row = typeof importRows.$inferSelect;
type Outcome = { id: number; result: 'created' | 'updated' | 'refused'; reason: string | null; userId: number | null };

const NAME_OK = (s: string | undefined) => !!s && s.length >= 2 && s.length <= 50;
const lower = (s?: string) => s?.trim().toLowerCase() || undefined;

/** Checks a row as the user form would (rules 169-171); answers the refusal reason key or null. */
function refusal(d: Record<string, string>, typeId: number | undefined): string | null {
  if (!NAME_OK(d.first_name) || !NAME_OK(d.last_name)) return 'import.refused_name';
  if (d.email && !zEmail.safeParse(d.email).success) return 'import.refused_email';
  if (d.phone && !/^\d{1,20}$/.test(d.phone.replace(/[\s-]/g, ''))) return 'import.refused_phone';
  if (!typeId) return 'import.refused_user_type';
  return null;
}

/**
 * One batch of pending rows in one transaction: rows are matched to existing people by e-mail, phone or ID (or,
 * without any of those, by the same name and user type when exactly one such person exists), so re-running a
 * file updates instead of duplicating; a row that points at two different people is refused. The rows' results
 * and the task's counters are written in the same transaction, so a crash never leaves half a batch behind.
 */
export async function processBatch(tx: Db, services: Services, taskId: number, entityId: number, runner: ChangeActor = { userId: 0, roleKey: null }, limit = BATCH): Promise<number> {
  // The task's row is locked for the batch (and its heartbeat written): two runs of one import (a resumed one and
  // the job pg-boss retries after its expiry) take turns, and each reads the rows the other left pending.
  const [task] = await tx.update(importTasks).set({ heartbeatAt: sql`now()` }).where(and(eq(importTasks.entityId, entityId), eq(importTasks.id, taskId))).returning({ status: importTasks.status });
  if (!task || task.status === 'done' || task.status === 'failed') return 0;
  const rows: Row[] = await tx.select().from(importRows).where(and(eq(importRows.entityId, entityId), eq(importRows.taskId, taskId), eq(importRows.result, 'pending'))).orderBy(asc(importRows.rowNumber)).limit(limit);
  if (!rows.length) return 0;
  const types = new Map((await tx.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(eq(userTypes.entityId, entityId))).map((t) => [t.name.toLowerCase(), t.id]));
  const norm = rows.map((r) => ({ row: r, d: { ...r.data, phone: r.data.phone?.replace(/[\s-]/g, ''), email: lower(r.data.email) } as Record<string, string> }));
  const emails = [...new Set(norm.map((n) => n.d.email).filter(Boolean))];
  const phones = [...new Set(norm.map((n) => n.d.phone).filter(Boolean))];
  const idNums = [...new Set(norm.map((n) => n.d.id_number).filter(Boolean))];
  const conds: SQL[] = [];
  if (emails.length) conds.push(inArray(sql`lower(${users.email})`, emails));
  if (phones.length) conds.push(inArray(users.phone, phones));
  if (idNums.length) conds.push(inArray(users.idNumber, idNums));
  const existing = conds.length ? await tx.select({ id: users.id, email: users.email, phone: users.phone, idNumber: users.idNumber, roleId: users.roleId }).from(users).where(and(eq(users.entityId, entityId), or(...conds))) : [];
  const byEmail = new Map(existing.filter((u) => u.email).map((u) => [u.email!.toLowerCase(), u.id]));
  const byPhone = new Map(existing.filter((u) => u.phone).map((u) => [u.phone!, u.id]));
  const byId = new Map(existing.filter((u) => u.idNumber).map((u) => [u.idNumber!, u.id]));
  // People without any identifier: the same full name and type, when unambiguous.
  const anonymous = norm.filter((n) => !n.d.email && !n.d.phone && !n.d.id_number).map((n) => `${n.d.first_name} ${n.d.last_name}`.toLowerCase());
  const byName = new Map<string, number | null>();
  let sameName: { id: number; name: string; typeId: number | null; roleId: number | null }[] = [];
  if (anonymous.length) {
    sameName = await tx.select({ id: users.id, name: sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`, typeId: users.userTypeId, roleId: users.roleId }).from(users).where(and(eq(users.entityId, entityId), inArray(sql`lower(${users.firstName} || ' ' || ${users.lastName})`, [...new Set(anonymous)])));
    for (const f of sameName) {
      const key = `${f.name}|${f.typeId}`;
      byName.set(key, byName.has(key) ? null : f.id);
    }
  }
  // Rows that would change a person who uses the dashboard follow the protection policy (issue 16 part 1).
  const consoleRoles = new Map([...existing, ...sameName].map((u) => [u.id, u.roleId]));
  const protection = await protectedOf(tx, entityId);
  const deptNames = [...new Set(norm.map((n) => n.d.department).filter(Boolean))];
  if (deptNames.length) await tx.insert(departments).values(deptNames.map((name) => ({ entityId, name: name.slice(0, 50) }))).onConflictDoNothing();
  const depts = new Map(deptNames.length ? (await tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.entityId, entityId))).map((d) => [d.name.toLowerCase(), d.id]) : []);
  // Each row targets an existing person (a number) or a person this batch creates (a slot): decided in memory,
  // then written with one insert and one update per batch.
  type Cols = Partial<typeof users.$inferInsert>;
  type Target = number | { slot: number };
  const slots: Cols[] = [];
  const updates = new Map<number, Cols>();
  const outcomes: (Omit<Outcome, 'userId'> & { target: Target | null })[] = [];
  const labelRows: { target: Target; names: string[] }[] = [];
  const key = (t: Target) => (typeof t === 'number' ? `u${t}` : `s${t.slot}`);
  const byEmailT = new Map<string, Target>([...byEmail].map(([k, v]) => [k, v]));
  const byPhoneT = new Map<string, Target>([...byPhone].map(([k, v]) => [k, v]));
  const byIdT = new Map<string, Target>([...byId].map(([k, v]) => [k, v]));
  const byNameT = new Map<string, Target | null>([...byName].map(([k, v]) => [k, v]));
  for (const { row, d } of norm) {
    const typeId = d.user_type ? types.get(d.user_type.toLowerCase()) : undefined;
    const why = refusal(d, typeId);
    if (why) {
      outcomes.push({ id: row.id, result: 'refused', reason: why, target: null });
      continue;
    }
    const anon = !d.email && !d.phone && !d.id_number;
    const nameKey = `${d.first_name} ${d.last_name}`.toLowerCase() + `|${typeId}`;
    const found = [d.email && byEmailT.get(d.email), d.phone && byPhoneT.get(d.phone), d.id_number && byIdT.get(d.id_number), anon && byNameT.get(nameKey)].filter((x): x is Target => !!x);
    const distinct = new Map(found.map((t) => [key(t), t]));
    if (distinct.size > 1) {
      outcomes.push({ id: row.id, result: 'refused', reason: 'import.refused_conflict', target: null });
      continue;
    }
    const image = row.photo ? await photoFor(services, entityId, taskId, row.photo) : undefined;
    const cols: Cols = {
      firstName: d.first_name,
      lastName: d.last_name,
      userTypeId: typeId!,
      ...(d.email ? { email: d.email } : {}),
      ...(d.phone ? { phone: d.phone } : {}),
      ...(d.phone_code ? { phoneCode: d.phone_code.slice(0, 5) } : {}),
      ...(d.id_number ? { idNumber: d.id_number.slice(0, 50) } : {}),
      ...(d.company_name ? { companyName: d.company_name.slice(0, 100) } : {}),
      ...(d.department ? { departmentId: depts.get(d.department.slice(0, 50).toLowerCase()) } : {}),
      ...(d.rfid ? { rfid: d.rfid.slice(0, 64) } : {}),
      ...(image ? { image } : {}),
    };
    const matched = distinct.size === 1 ? [...distinct.values()][0] : null;
    const refused = typeof matched === 'number' ? refusalOf(runner, { id: matched, roleId: consoleRoles.get(matched) ?? null }, 'import', protection) : null;
    if (refused) {
      outcomes.push({ id: row.id, result: 'refused', reason: refused === 'people.console_user_admin_only' ? 'import.refused_console_user' : refused, target: null });
      continue;
    }
    let target: Target;
    if (matched !== null) {
      target = matched;
      if (typeof target === 'number') updates.set(target, { ...updates.get(target), ...cols });
      else Object.assign(slots[target.slot], cols);
      outcomes.push({ id: row.id, result: 'updated', reason: null, target });
    } else {
      target = { slot: slots.push({ entityId, ...cols }) - 1 };
      outcomes.push({ id: row.id, result: 'created', reason: null, target });
    }
    if (d.email) byEmailT.set(d.email, target);
    if (d.phone) byPhoneT.set(d.phone, target);
    if (d.id_number) byIdT.set(d.id_number, target);
    if (anon) byNameT.set(nameKey, target);
    if (d.labels) labelRows.push({ target, names: d.labels.split(',').map((l) => l.trim().slice(0, 30)).filter(Boolean) });
  }
  const created = slots.length ? await tx.insert(users).values(slots as (typeof users.$inferInsert)[]).returning({ id: users.id }) : [];
  const idOf = (t: Target) => (typeof t === 'number' ? t : created[t.slot].id);
  if (updates.size) {
    const v = (x: unknown, type: string) => (x === undefined ? sql`null::${sql.raw(type)}` : sql`${x}::${sql.raw(type)}`);
    const values = sql.join(
      [...updates].map(([id, c]) => sql`(${id}::int, ${v(c.firstName, 'text')}, ${v(c.lastName, 'text')}, ${v(c.userTypeId, 'int')}, ${v(c.email, 'text')}, ${v(c.phone, 'text')}, ${v(c.phoneCode, 'text')}, ${v(c.idNumber, 'text')}, ${v(c.companyName, 'text')}, ${v(c.departmentId, 'int')}, ${v(c.rfid, 'text')}, ${v(c.image, 'text')})`),
      sql`, `,
    );
    await tx.execute(sql`update users u set first_name = v.fn, last_name = v.ln, user_type_id = v.t, email = coalesce(v.e, u.email), phone = coalesce(v.p, u.phone),
      phone_code = coalesce(v.pc, u.phone_code), id_number = coalesce(v.i, u.id_number), company_name = coalesce(v.c, u.company_name), department_id = coalesce(v.d, u.department_id),
      rfid = coalesce(v.r, u.rfid), image = coalesce(v.img, u.image), updated_at = now()
      from (values ${values}) as v(id, fn, ln, t, e, p, pc, i, c, d, r, img) where u.id = v.id and u.entity_id = ${entityId}`);
  }
  const allLabels = [...new Set(labelRows.flatMap((l) => l.names))];
  if (allLabels.length) {
    await labelIds(tx, entityId, allLabels);
    const ids = await tx.execute(sql`select id, lower(name) as name from labels where entity_id = ${entityId}`);
    const byLabel = new Map((ids as unknown as { rows: { id: number; name: string }[] }).rows.map((l) => [l.name, Number(l.id)]));
    const values = labelRows.flatMap((l) => l.names.map((n) => ({ entityId, userId: idOf(l.target), labelId: byLabel.get(n.toLowerCase())! })));
    for (let i = 0; i < values.length; i += 2000) await tx.insert(userLabels).values(values.slice(i, i + 2000)).onConflictDoNothing();
  }
  const values = sql.join(outcomes.map((o) => sql`(${o.id}::int, ${o.result}::text, ${o.reason}::text, ${o.target === null ? null : idOf(o.target)}::int)`), sql`, `);
  await tx.execute(sql`update import_rows r set result = v.result, reason = v.reason, user_id = v.user_id from (values ${values}) as v(id, result, reason, user_id) where r.id = v.id and r.entity_id = ${entityId}`);
  const count = (k: Outcome['result']) => outcomes.filter((o) => o.result === k).length;
  await bumpTask(tx, taskId, { processed: outcomes.length, created: count('created'), updated: count('updated'), refused: count('refused') });
  return outcomes.length;
}

async function photoFor(services: Services, entityId: number, taskId: number, name: string) {
  const data = await services.storage.get(`imports/${entityId}-${taskId}/${name}`).catch(() => null);
  return data ? storeUserPhoto(services.storage, entityId, data) : undefined;
}

/**
 * The job: batches until no row is pending; resumable (a retried or resumed job continues with the pending rows,
 * resume.ts).
 */
export interface ImportJob {
  entityId: number;
  taskId: number;
  /** The member who ran it: the rows change people with their rights (absent: no administrator's rights). */
  runBy?: number;
}

/** The member the job acts for, with the role they hold now (an archived or demoted runner has no admin rights). */
async function runnerOf(tx: Db, entityId: number, userId?: number): Promise<ChangeActor> {
  if (!userId) return { userId: 0, roleKey: null };
  const [row] = await tx
    .select({ key: roles.key })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.entityId, entityId), eq(users.id, userId), eq(users.status, 'active')));
  return { userId, roleKey: (row?.key ?? null) as ChangeActor['roleKey'] };
}

export async function runImport(services: Services, data: ImportJob) {
  const db = services.database.db;
  const { entityId, taskId } = data;
  const [task] = await withTenant(db, entityId, (tx) =>
    tx.update(importTasks).set({ status: 'running', startedAt: sql`coalesce(${importTasks.startedAt}, now())`, heartbeatAt: sql`now()`, error: null }).where(and(eq(importTasks.entityId, entityId), eq(importTasks.id, taskId), inArray(importTasks.status, ['queued', 'running']))).returning(),
  );
  if (!task) return;
  const progress = async () => {
    const [t] = await withTenant(db, entityId, (tx) => tx.select().from(importTasks).where(eq(importTasks.id, taskId)));
    flushEvents(services.realtime, [{ room: 'entity', id: entityId, event: 'update', payload: { type: 'import', action: t.status, id: taskId, processed: t.processed, total: t.total, created: t.created, updated: t.updated, refused: t.refused } }]);
  };
  try {
    for (let size = FIRST_BATCH; ; ) {
      const started = performance.now();
      const done = await withTenant(db, entityId, async (tx) => processBatch(tx, services, taskId, entityId, await runnerOf(tx, entityId, data.runBy), size));
      if (!done) break;
      size = nextBatchSize(size, performance.now() - started, { max: BATCH });
      await progress();
      // Between batches, whatever waits on this thread goes first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await withTenant(db, entityId, (tx) => tx.update(importTasks).set({ status: 'done', finishedAt: sql`now()` }).where(and(eq(importTasks.id, taskId), eq(importTasks.status, 'running'))));
    // The embedded database has no autovacuum: give the planner the new people's statistics now, so that the
    // users grid stays on its indexes (PostgreSQL's autovacuum analyzes after such a change by itself).
    if (services.database.kind === 'pglite') await services.database.sql.exec('analyze users').catch(() => undefined);
  } catch (err) {
    // The failing batch rolled back; earlier batches are complete. The task says so and can be run again.
    await withTenant(db, entityId, (tx) => tx.update(importTasks).set({ status: 'failed', error: (err as Error).message.slice(0, 500), finishedAt: sql`now()` }).where(eq(importTasks.id, taskId)));
  }
  await progress();
}
