import { flag, listOf, one, zAttendanceCode, zAttendanceMode, zAttendanceModeBody, zAttendanceModeSaved, zEntityIdParam, zId, zIdParam, zJourneyAttendanceModes, zListQuery, zMessage, zModeUniqueQuery, zReasonBody, zReasonSaved, zShouldCheck, zShouldCheckQuery, zUniqueCheck } from '@gatehouse/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { areas, attendanceCodes, attendanceModes, journeyAttendanceModes, journeys, reasons, sites, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { defineRoutes } from '../../platform/http/route';
import { found, notFound } from '../../platform/errors';
import { evaluateAttendance } from './evaluate-attendance';
import { loadModes, presentReason } from './load-modes';
import { assertModeAccess, modeAccess } from './policy';
import { personMode } from './person-mode';
import { assertModeNameFree, saveMode } from './save-mode';
import { saveReason } from './save-reason';
import { openVisit } from '../visits';

const tags = ['attendance'];
const permission = 'attendance modes' as const;

export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/attendance_mode/{entityId}',
    summary: 'Attendance modes with their reasons (paged; filterBy search)',
    tags,
    permission,
    params: zEntityIdParam,
    query: zListQuery,
    response: listOf(zAttendanceMode),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const search = typeof query.filterBy.search === 'string' ? query.filterBy.search : typeof query.filterBy.name === 'string' ? query.filterBy.name : undefined;
        return loadModes(tx, actor.entityId, await modeAccess(tx, actor), { search, limit: query.limit, offset: (query.page - 1) * query.limit, order: query.orderBy });
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/attendance_modes/{id}',
    summary: 'One attendance mode with its reasons',
    tags,
    permission,
    params: zIdParam,
    response: one(zAttendanceMode),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const { data } = await loadModes(tx, actor.entityId, await modeAccess(tx, actor), { ids: [params.id] });
        return { data: found(data[0]) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/attendance_modes/journey/{id}',
    summary: "The modes a journey's flows can use, those the journey offers marked `selected`",
    tags,
    permission: [permission, 'journeys'],
    params: zIdParam,
    response: zJourneyAttendanceModes,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        found((await tx.select({ id: journeys.id }).from(journeys).where(and(eq(journeys.id, params.id), eq(journeys.entityId, actor.entityId))))[0]);
        const linked = await tx
          .select({ id: journeyAttendanceModes.attendanceModeId })
          .from(journeyAttendanceModes)
          .where(and(eq(journeyAttendanceModes.entityId, actor.entityId), eq(journeyAttendanceModes.journeyId, params.id)));
        const access = await modeAccess(tx, actor);
        const { data } = await loadModes(tx, actor.entityId, access);
        const rows = data.filter((m) => m.can_manage).map((m) => ({ ...m, selected: flag(linked.some((l) => l.id === m.id)) }));
        return { data: rows, count: rows.length };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/attendance-mode/unique',
    summary: 'Whether a mode name is free (409 "mode name exists" when taken, rule 249)',
    tags,
    permission,
    query: zModeUniqueQuery,
    response: zUniqueCheck,
    handler: ({ actor, query, tenant, t }) =>
      tenant(async (tx) => {
        await assertModeNameFree(tx, actor.entityId, query.name, query.id);
        return { message: t('attendance.name_available'), data: { unique: 1 as const } };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/attendance_mode',
    summary: 'Create an attendance mode (rule 247)',
    tags,
    permission,
    status: 201,
    body: zAttendanceModeBody,
    response: zAttendanceModeSaved,
    handler: ({ actor, body, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        const row = await saveMode(tx, actor.entityId, body);
        await audit(tx, 'create', 'attendance_mode', row.id, { name: row.name });
        emit('entity', actor.entityId, 'update', { type: 'attendance_mode', action: 'created', id: row.id });
        const { data } = await loadModes(tx, actor.entityId, await modeAccess(tx, actor), { ids: [row.id] });
        return { data: data[0], message: t('attendance.mode_created') };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/attendance_mode/{id}',
    summary: 'Update an attendance mode (its reasons must still fit its hours)',
    tags,
    permission,
    params: zIdParam,
    body: zAttendanceModeBody,
    response: zAttendanceModeSaved,
    handler: ({ actor, body, params, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        found((await tx.select({ id: attendanceModes.id }).from(attendanceModes).where(and(eq(attendanceModes.id, params.id), eq(attendanceModes.entityId, actor.entityId))))[0]);
        await assertModeAccess(tx, actor, params.id);
        const row = await saveMode(tx, actor.entityId, body, params.id);
        await audit(tx, 'update', 'attendance_mode', row.id, { name: row.name });
        emit('entity', actor.entityId, 'update', { type: 'attendance_mode', action: 'updated', id: row.id });
        const { data } = await loadModes(tx, actor.entityId, await modeAccess(tx, actor), { ids: [row.id] });
        return { data: data[0], message: t('attendance.mode_updated') };
      }),
  });

  r.route({
    method: 'DELETE',
    url: '/api/attendance_mode/{id}',
    summary: 'Delete an attendance mode and its reasons',
    tags,
    permission,
    params: zIdParam,
    response: zMessage,
    handler: ({ actor, params, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        found((await tx.select({ id: attendanceModes.id }).from(attendanceModes).where(and(eq(attendanceModes.id, params.id), eq(attendanceModes.entityId, actor.entityId))))[0]);
        await assertModeAccess(tx, actor, params.id);
        await tx.delete(attendanceModes).where(and(eq(attendanceModes.id, params.id), eq(attendanceModes.entityId, actor.entityId)));
        await audit(tx, 'delete', 'attendance_mode', params.id);
        emit('entity', actor.entityId, 'update', { type: 'attendance_mode', action: 'deleted', id: params.id });
        return { message: t('attendance.mode_deleted') };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/attendance_code/{entityId}/{id}',
    summary: "Attendance codes a mode can record (its integration's, or the organisation's own), flagged add_reason when a reason of the mode uses one",
    tags,
    permission,
    params: z.object({ entityId: zId, id: zId }),
    response: listOf(zAttendanceCode),
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const mode = found((await tx.select().from(attendanceModes).where(and(eq(attendanceModes.id, params.id), eq(attendanceModes.entityId, actor.entityId))))[0]);
        const codes = await tx
          .select()
          .from(attendanceCodes)
          .where(
            and(
              eq(attendanceCodes.entityId, actor.entityId),
              mode.integrationId ? or(eq(attendanceCodes.integrationId, mode.integrationId), isNull(attendanceCodes.integrationId)) : isNull(attendanceCodes.integrationId),
            ),
          )
          .orderBy(asc(attendanceCodes.code));
        const used = await tx.select({ codeId: reasons.attendanceCodeId }).from(reasons).where(and(eq(reasons.entityId, actor.entityId), eq(reasons.attendanceModeId, mode.id)));
        const data = codes.map((c) => ({
          id: c.id,
          code: c.code,
          name: c.name,
          integration_id: c.integrationId,
          add_reason: flag(used.some((u) => u.codeId === c.id)),
          attendance_mode_id: used.some((u) => u.codeId === c.id) || mode.onTimeAttendanceCodeId === c.id ? mode.id : null,
        }));
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/reason',
    summary: 'Add a reason to a mode (rules 248-253)',
    tags,
    permission,
    status: 201,
    body: zReasonBody,
    response: zReasonSaved,
    handler: ({ actor, body, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        found((await tx.select({ id: attendanceModes.id }).from(attendanceModes).where(and(eq(attendanceModes.id, body.attendance_mode_id), eq(attendanceModes.entityId, actor.entityId))))[0]);
        await assertModeAccess(tx, actor, body.attendance_mode_id);
        const row = await saveReason(tx, actor.entityId, body);
        await audit(tx, 'create', 'reason', row.id, { name: row.name });
        emit('entity', actor.entityId, 'update', { type: 'attendance_mode', action: 'updated', id: row.attendanceModeId });
        return { data: presentReason(row, null), message: t('attendance.reason_created') };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/reason/{reasonId}',
    summary: 'Update a reason (rules 248-253)',
    tags,
    permission,
    params: z.object({ reasonId: zId }),
    body: zReasonBody,
    response: zReasonSaved,
    handler: ({ actor, body, params, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        const current = found((await tx.select().from(reasons).where(and(eq(reasons.id, params.reasonId), eq(reasons.entityId, actor.entityId))))[0]);
        await assertModeAccess(tx, actor, current.attendanceModeId);
        if (body.attendance_mode_id !== current.attendanceModeId) await assertModeAccess(tx, actor, body.attendance_mode_id);
        const row = await saveReason(tx, actor.entityId, body, current.id);
        await audit(tx, 'update', 'reason', row.id, { name: row.name });
        emit('entity', actor.entityId, 'update', { type: 'attendance_mode', action: 'updated', id: row.attendanceModeId });
        return { data: presentReason(row, null), message: t('attendance.reason_updated') };
      }),
  });

  r.route({
    method: 'DELETE',
    url: '/api/reason/{id}',
    summary: 'Delete a reason',
    tags,
    permission,
    params: zIdParam,
    response: zMessage,
    handler: ({ actor, params, tenant, audit, emit, t }) =>
      tenant(async (tx) => {
        const current = found((await tx.select().from(reasons).where(and(eq(reasons.id, params.id), eq(reasons.entityId, actor.entityId))))[0]);
        await assertModeAccess(tx, actor, current.attendanceModeId);
        await tx.delete(reasons).where(and(eq(reasons.id, current.id), eq(reasons.entityId, actor.entityId)));
        await audit(tx, 'delete', 'reason', current.id);
        emit('entity', actor.entityId, 'update', { type: 'attendance_mode', action: 'updated', id: current.attendanceModeId });
        return { message: t('attendance.reason_deleted') };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/get_reasons_should_check_in_visit',
    summary: "Whether a person signing in or out now must give a reason (late or early against their mode), and which",
    tags,
    permission: [permission, 'dashboard'],
    query: zShouldCheckQuery,
    response: one(zShouldCheck),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const person = found((await tx.select({ id: users.id }).from(users).where(and(eq(users.id, query.user_id), eq(users.entityId, actor.entityId))))[0]);
        let timeZone = 'UTC';
        if (query.area_id) {
          const [area] = await tx
            .select({ tz: sites.timezone })
            .from(areas)
            .innerJoin(sites, eq(sites.id, areas.siteId))
            .where(and(eq(areas.id, query.area_id), eq(areas.entityId, actor.entityId)));
          if (!area) throw notFound();
          timeZone = area.tz;
        }
        const pm = await personMode(tx, actor.entityId, person.id);
        await assertModeAccessIf(tx, actor, pm?.mode.id);
        let action = query.action;
        if (!action) action = (await openVisit(tx, actor.entityId, person.id, query.area_id)) ? 'out' : 'in';
        const verdict = evaluateAttendance(pm?.mode ?? null, pm?.reasons ?? [], action, query.at ? new Date(query.at) : new Date(), timeZone);
        const offered = (pm?.reasons ?? []).filter((rr) => verdict.reasons.some((v) => v.id === rr.id));
        return {
          data: {
            action,
            late: flag(verdict.late),
            early: flag(verdict.early),
            should_give_reason: flag(offered.length > 0),
            attendance_mode_id: pm?.mode.id ?? null,
            reasons: offered.map((rr) => presentReason(rr, null)),
            attendance_code_if_no_reasons: verdict.attendanceCodeIfNoReasons,
          },
        };
      }),
  });
});

async function assertModeAccessIf(tx: Db, actor: MemberActor, modeId: number | undefined) {
  if (modeId) await assertModeAccess(tx, actor, modeId);
}
