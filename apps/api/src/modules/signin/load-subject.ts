import type { SignInOutBody } from '@gatehouse/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { attendanceCodes, attendanceModes, reasons, scans, userAttendanceModes, users, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantConditions } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { fieldError, notFound } from '../../platform/errors';

/**
 * The person a sign-in names (by user id, e-mail, phone or ID number, in the organisation only) in one round
 * trip with their user type, attendance mode and whether the caller's mode grants reach it (rule 101); then the
 * mode's reasons with their codes when they follow one. The caller refuses an archived person (after a replay).
 */
export async function loadSubject(tx: Db, actor: MemberActor, who: Pick<SignInOutBody, 'user_id' | 'email' | 'phone' | 'id_number'>, idempotencyKey?: string) {
  const entityId = actor.entityId;
  let match: SQL;
  if (who.user_id) match = eq(users.id, who.user_id);
  else if (who.email) match = sql`lower(${users.email}) = lower(${who.email})`;
  else if (who.phone) match = eq(users.phone, who.phone);
  else if (who.id_number) match = eq(users.idNumber, who.id_number);
  else throw fieldError('user_id', 'signin.person_required');
  const [row] = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userTypeId: users.userTypeId,
      userTypeName: userTypes.name,
      status: users.status,
      lang: users.lang,
      mode: attendanceModes,
      /** A scan already recorded with this idempotency key (the request is a replay). */
      priorScanId: idempotencyKey
        ? sql<number | null>`(select s.id from ${scans} s where s.entity_id = ${entityId} and s.idempotency_key = ${idempotencyKey})`
        : sql<number | null>`null::int`,
      /** Rule 101 (platform/auth/grants.ts): the caller's attendance-mode grants reach this person's mode. */
      modeGranted: sql<boolean>`${grantConditions(actor).modeCondition(attendanceModes.id)}`,
    })
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(userAttendanceModes, eq(userAttendanceModes.userId, users.id))
    .leftJoin(attendanceModes, eq(attendanceModes.id, userAttendanceModes.attendanceModeId))
    .where(and(eq(users.entityId, entityId), match))
    .limit(1);
  if (!row) throw notFound('signin.person_not_found');
  const modeReasons = row.mode
    ? await tx
        .select({ reason: reasons, code: { id: attendanceCodes.id, code: attendanceCodes.code, name: attendanceCodes.name } })
        .from(reasons)
        .leftJoin(attendanceCodes, eq(attendanceCodes.id, reasons.attendanceCodeId))
        .where(and(eq(reasons.entityId, entityId), eq(reasons.attendanceModeId, row.mode.id)))
    : [];
  return {
    ...row,
    modeOutOfAccess: !!row.mode && !row.modeGranted,
    reasons: modeReasons.map((r) => ({ ...r.reason, code: r.code?.id ? r.code : null })),
  };
}
