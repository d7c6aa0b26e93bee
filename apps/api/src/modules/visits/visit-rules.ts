import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { accounts, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict } from '../../platform/errors';
import { isRealDate, normTime, zonedToUtc } from '../../platform/time-zone';

/** Rule 139: the visit's date and time, read in the site's time zone, cannot be before now. */
export function expectedInstant(date: string, time: string, timeZone: string, now = new Date()) {
  if (!isRealDate(date)) throw badRequest({ visit_date: ['validation.date_format'] });
  const at = zonedToUtc(date, normTime(time), timeZone);
  if (at.getTime() < now.getTime() - 60_000) throw badRequest({ visit_date: ['visits.date_past'] }, 'visits.date_past');
  return at;
}

export interface PersonKeys {
  passportId?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The organisation's people matching any of the keys (passport, e-mail case-insensitive, phone). */
export async function findPeople(tx: Db, entityId: number, keys: PersonKeys) {
  const conds = [];
  if (keys.email) conds.push(sql`lower(${users.email}) = ${keys.email.toLowerCase()}`);
  if (keys.phone) conds.push(eq(users.phone, keys.phone));
  if (keys.passportId) conds.push(sql`${users.accountId} in (select ${accounts.id} from ${accounts} where ${accounts.passportId} = ${keys.passportId})`);
  if (!conds.length) return [];
  return tx
    .select()
    .from(users)
    .where(and(eq(users.entityId, entityId), or(...conds)));
}

/**
 * One person for the keys, or none. E-mail and phone naming two different people is a conflict (rule 171):
 * the phone (or e-mail) is already someone else's.
 */
export async function findPerson(tx: Db, entityId: number, keys: PersonKeys) {
  const rows = await findPeople(tx, entityId, keys);
  if (rows.length === 1) {
    const [p] = rows;
    const emailMatches = !!keys.email && p.email?.toLowerCase() === keys.email.toLowerCase();
    const passportMatched = !!keys.passportId && !emailMatches && !(keys.phone && p.phone === keys.phone);
    // Found by phone alone while the e-mail given is someone else's: the phone is taken (rule 171).
    if (!emailMatches && !passportMatched && keys.email && p.email) throw conflict('visits.phone_used', { phone: ['visits.phone_used'] });
    return p;
  }
  if (rows.length === 0) return null;
  const byEmail = rows.find((r) => keys.email && r.email?.toLowerCase() === keys.email.toLowerCase());
  if (byEmail) throw conflict('visits.phone_used', { phone: ['visits.phone_used'] });
  throw conflict('visits.email_used', { email: ['visits.email_used'] });
}

/** Rule 171 for a new person or a change of details: e-mail, phone and ID free among the organisation's people. */
export async function assertContactsFree(tx: Db, entityId: number, keys: { email?: string | null; phone?: string | null; idNumber?: string | null }, exceptUserId?: number) {
  const errors: Record<string, string[]> = {};
  if (keys.idNumber) {
    const [hit] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.idNumber, keys.idNumber), exceptUserId ? ne(users.id, exceptUserId) : undefined))
      .limit(1);
    if (hit) errors.id_number = ['visits.id_used'];
  }
  if (keys.email) {
    const [hit] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, entityId), sql`lower(${users.email}) = ${keys.email.toLowerCase()}`, exceptUserId ? ne(users.id, exceptUserId) : undefined))
      .limit(1);
    if (hit) errors.email = ['visits.email_used'];
  }
  if (keys.phone) {
    const [hit] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.phone, keys.phone), exceptUserId ? ne(users.id, exceptUserId) : undefined))
      .limit(1);
    if (hit) errors.phone = ['visits.phone_used'];
  }
  if (Object.keys(errors).length) throw conflict(errors.email ? 'visits.email_used' : errors.phone ? 'visits.phone_used' : 'visits.id_used', errors);
}

/**
 * Rules 135-136: the same person (by passport, e-mail or phone) already expected in the same organisation and
 * area at the same date and time. Answers message `error_date`, the one the visit-exists flag reacts to.
 */
export async function assertNoDuplicateVisit(tx: Db, entityId: number, opts: { userIds: number[]; areaId: number | null; date: string; time: string; exceptVisitId?: number }) {
  if (!opts.userIds.length) return;
  const [dup] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.entityId, entityId),
        inArray(visits.userId, opts.userIds),
        opts.areaId ? eq(visits.areaId, opts.areaId) : sql`${visits.areaId} is null`,
        eq(visits.visitDate, opts.date),
        eq(visits.visitTime, normTime(opts.time)),
        notInArray(visits.status, ['deleted']),
        ne(visits.approvalState, 'rejected'),
        opts.exceptVisitId ? ne(visits.id, opts.exceptVisitId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw conflict('error_date', { visit_date: ['visits.visit_exists'] });
}
