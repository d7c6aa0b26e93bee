import { and, eq, sql } from 'drizzle-orm';
import { reasons, scans, userAttendanceModes, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { modeAccess } from '../attendance/index';
import type { ReportScope } from './scope';

export interface TimesheetEdit {
  visit_id: number;
  signed_in_at?: string;
  signed_out_at?: string;
  sign_in_reason_id?: number | null;
  sign_out_reason_id?: number | null;
  notes?: string;
}

/**
 * Edits one visit of the timesheet (POST /time_sheet): its sign-in and sign-out times, only once the visit is
 * closed (a visit still open is the sign-in's to close), and its late / early reasons, which must be reasons of the
 * person's attendance mode of the matching type (rule 248). The visit's scans move with it so the logbook agrees.
 * People outside the caller's grants are not found (rule 96); a mode outside the caller's access is refused (rule
 * 101). Answers the changes for the audit log.
 */
export async function editTimesheet(tx: Db, scope: ReportScope, actor: Parameters<typeof modeAccess>[1], body: TimesheetEdit) {
  const [v] = await tx
    .select({ visit: visits, typeId: users.userTypeId, siteId: visits.siteId })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .where(and(eq(visits.id, body.visit_id), eq(visits.entityId, scope.entityId)));
  if (!v || (scope.siteIds && (v.siteId === null || !scope.siteIds.includes(v.siteId))) || (scope.typeIds && (v.typeId === null || !scope.typeIds.includes(v.typeId)))) {
    throw notFound('reports.visit_unknown');
  }
  const [mode] = await tx
    .select({ id: userAttendanceModes.attendanceModeId })
    .from(userAttendanceModes)
    .where(and(eq(userAttendanceModes.entityId, scope.entityId), eq(userAttendanceModes.userId, v.visit.userId)));
  if (mode && !(await modeAccess(tx, actor)).allows(mode.id)) throw forbidden('attendance.out_of_access');
  const closed = v.visit.status === 'signed_out' || v.visit.status === 'auto_closed';
  if ((body.signed_in_at || body.signed_out_at) && !closed) throw badRequest({ visit_id: ['reports.visit_open'] });
  const signedIn = body.signed_in_at ? new Date(body.signed_in_at) : v.visit.signedInAt;
  const signedOut = body.signed_out_at ? new Date(body.signed_out_at) : v.visit.signedOutAt;
  if (signedIn && signedOut && signedOut <= signedIn) throw badRequest({ signed_out_at: ['reports.end_before_start'] });
  if (signedOut && signedOut > new Date()) throw badRequest({ signed_out_at: ['reports.time_in_future'] });
  for (const [field, id, type] of [
    ['sign_in_reason_id', body.sign_in_reason_id, 'late_sign_in'],
    ['sign_out_reason_id', body.sign_out_reason_id, 'early_sign_out'],
  ] as const) {
    if (id === undefined || id === null) continue;
    const [r] = await tx.select({ modeId: reasons.attendanceModeId, type: reasons.type }).from(reasons).where(and(eq(reasons.id, id), eq(reasons.entityId, scope.entityId)));
    if (!r || !mode || r.modeId !== mode.id || r.type !== type) throw badRequest({ [field]: ['reports.reason_not_of_mode'] });
  }
  const changes: Record<string, unknown> = {};
  const set: Partial<typeof visits.$inferInsert> = {};
  if (body.signed_in_at) set.signedInAt = changes.signed_in_at = signedIn!;
  if (body.signed_out_at) set.signedOutAt = changes.signed_out_at = signedOut!;
  if (body.sign_in_reason_id !== undefined) set.signInReasonId = changes.sign_in_reason_id = body.sign_in_reason_id;
  if (body.sign_out_reason_id !== undefined) set.signOutReasonId = changes.sign_out_reason_id = body.sign_out_reason_id;
  if (body.notes !== undefined) set.notes = changes.notes = body.notes;
  if (!Object.keys(set).length) throw badRequest({ visit_id: ['reports.nothing_to_change'] });
  changes.before = { signed_in_at: v.visit.signedInAt, signed_out_at: v.visit.signedOutAt, sign_in_reason_id: v.visit.signInReasonId, sign_out_reason_id: v.visit.signOutReasonId };
  await tx.update(visits).set({ ...set, updatedAt: sql`now()` }).where(and(eq(visits.id, v.visit.id), eq(visits.entityId, scope.entityId)));
  if (body.signed_in_at) await tx.update(scans).set({ at: signedIn! }).where(and(eq(scans.visitId, v.visit.id), eq(scans.entityId, scope.entityId), eq(scans.direction, 'in')));
  if (body.signed_out_at) await tx.update(scans).set({ at: signedOut! }).where(and(eq(scans.visitId, v.visit.id), eq(scans.entityId, scope.entityId), eq(scans.direction, 'out')));
  if (body.sign_in_reason_id !== undefined) await tx.update(scans).set({ reasonId: body.sign_in_reason_id }).where(and(eq(scans.visitId, v.visit.id), eq(scans.entityId, scope.entityId), eq(scans.direction, 'in')));
  if (body.sign_out_reason_id !== undefined) await tx.update(scans).set({ reasonId: body.sign_out_reason_id }).where(and(eq(scans.visitId, v.visit.id), eq(scans.entityId, scope.entityId), eq(scans.direction, 'out')));
  return { visitId: v.visit.id, changes };
}
