import { zAttendanceCodeParam, zAttendanceCodes, zCodesBulkBody, zEditScansBody, zIgnoreScansBody, zIntegrationScans, zIntegrationScansQuery, zUpdatedCount, zWriteBackBody } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { attendanceCodes, attendanceModes, integrationScans, reasons, scans, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import { jobsIn } from '../../platform/jobs';
import type { Services } from '../../platform/services';
import { usableIntegration, directoryRefusal } from './access';
import { permission, tags } from './routes-setup';
import { adapterOf } from './store';
import { collectScans, runWriteback, WRITEBACK_JOB, type WritebackJob } from './writeback';

/** The integration scans named, all of integrations the actor may use; 404 when one is not. */
async function ownScans(tx: Db, actor: MemberActor, ids: number[]) {
  const rows = await tx.select().from(integrationScans).where(and(eq(integrationScans.entityId, actor.entityId), inArray(integrationScans.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound('errors.not_found');
  for (const integrationId of new Set(rows.map((r) => r.integrationId))) await usableIntegration(tx, actor, integrationId);
  return rows;
}

async function codesOf(tx: Db, entityId: number, integrationId: number) {
  return tx.select().from(attendanceCodes).where(and(eq(attendanceCodes.entityId, entityId), eq(attendanceCodes.integrationId, integrationId))).orderBy(attendanceCodes.code);
}

/** Write-back of scans as attendance marks (Wonde), the attendance codes page, and the scans to send. */
export function writebackRoutes(r: Router, services: Services) {
  services.jobs.work<WritebackJob>(WRITEBACK_JOB, async (job) => {
    await runWriteback(services, job.entityId, job.integrationId, job.scanIds);
  });

  r.route({
    method: 'POST',
    url: '/api/integration/writeBack/scans',
    summary: 'Write these sign-ins back as attendance marks (Wonde: per student, date and AM/PM session, code from the mode or the late/early reason, minutes late), in batches, as a job; each mark keeps its writeback_id',
    tags,
    permission,
    body: zWriteBackBody,
    response: zUpdatedCount,
    status: 202,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, body.id);
        if (integ.type !== 'wonde') throw badRequest({ id: ['integrations.writeback_unsupported'] }, 'integrations.writeback_unsupported');
        const known = await tx.select({ id: scans.id }).from(scans).where(and(eq(scans.entityId, actor.entityId), inArray(scans.id, body.scan_ids)));
        if (known.length !== new Set(body.scan_ids).size) throw notFound('errors.not_found');
        await collectScans(tx, integ.id, actor.entityId, body.scan_ids);
        const rows = await tx
          .update(integrationScans)
          .set({ status: 'pending', error: null, updatedAt: sql`now()` })
          .where(and(eq(integrationScans.integrationId, integ.id), inArray(integrationScans.scanId, body.scan_ids), sql`${integrationScans.status} in ('pending', 'failed')`))
          .returning({ id: integrationScans.id });
        if (rows.length) await services.jobs.send(WRITEBACK_JOB, { entityId: actor.entityId, integrationId: integ.id, scanIds: rows.map((row) => row.id) } satisfies WritebackJob, { db: jobsIn(tx), singletonKey: `writeback-${integ.id}-${Date.now()}` });
        return { message: t('integrations.writeback_queued'), data: { updated: rows.length } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/get_attendance_code/{entityId}/{id}',
    summary: 'The attendance codes of integration {id} (fetched from the directory the first time), with the modes’ on-time codes and the reasons’ codes',
    tags,
    permission,
    params: zAttendanceCodeParam,
    response: zAttendanceCodes,
    handler: async ({ actor, params, tenant }) => {
      const integ = await tenant((tx) => usableIntegration(tx, actor, params.id));
      let fetched: { id: string; code: string; name: string }[] | null = null;
      const stored = await tenant((tx) => codesOf(tx, actor.entityId, integ.id));
      if (!stored.length) {
        const adapter = adapterOf(services.config.secretKey, integ);
        if (adapter.attendanceCodes) fetched = await adapter.attendanceCodes().catch((err) => directoryRefusal(err));
      }
      return tenant(async (tx) => {
        if (fetched?.length) {
          await tx
            .insert(attendanceCodes)
            .values(fetched.map((c) => ({ entityId: actor.entityId, integrationId: integ.id, externalId: c.id, code: c.code.slice(0, 20), name: c.name.slice(0, 200) })))
            .onConflictDoNothing();
        }
        const codes = await codesOf(tx, actor.entityId, integ.id);
        const modes = await tx.select({ id: attendanceModes.id, name: attendanceModes.name, attendance_code_id: attendanceModes.onTimeAttendanceCodeId }).from(attendanceModes).where(eq(attendanceModes.entityId, actor.entityId)).orderBy(attendanceModes.name);
        const rs = await tx
          .select({ id: reasons.id, name: reasons.name, type: reasons.type, attendance_mode_id: reasons.attendanceModeId, attendance_code_id: reasons.attendanceCodeId })
          .from(reasons)
          .where(eq(reasons.entityId, actor.entityId))
          .orderBy(reasons.name);
        return { data: { codes: codes.map((c) => ({ id: c.id, external_id: c.externalId, code: c.code, name: c.name })), modes, reasons: rs } };
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/api/integration/attendance_codes/bulk-update',
    summary: 'Set in one go which code each attendance mode records on time and each late/early reason records (codes of this integration)',
    tags,
    permission: [permission],
    body: zCodesBulkBody,
    response: zUpdatedCount,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, body.integration_id);
        const codeIds = new Set((await codesOf(tx, actor.entityId, integ.id)).map((c) => c.id));
        const errors: Record<string, string[]> = {};
        for (const [k, list] of [['modes', body.modes], ['reasons', body.reasons]] as const) if (list.some((x) => x.attendance_code_id !== null && !codeIds.has(x.attendance_code_id))) errors[k] = ['integrations.code_unknown'];
        if (Object.keys(errors).length) throw badRequest(errors);
        let updated = 0;
        for (const m of body.modes) {
          const res = await tx.update(attendanceModes).set({ onTimeAttendanceCodeId: m.attendance_code_id, integrationId: integ.id, updatedAt: sql`now()` }).where(and(eq(attendanceModes.entityId, actor.entityId), eq(attendanceModes.id, m.id))).returning({ id: attendanceModes.id });
          if (!res.length) throw badRequest({ modes: ['integrations.mode_unknown'] });
          updated++;
        }
        for (const x of body.reasons) {
          const res = await tx.update(reasons).set({ attendanceCodeId: x.attendance_code_id, updatedAt: sql`now()` }).where(and(eq(reasons.entityId, actor.entityId), eq(reasons.id, x.id))).returning({ id: reasons.id });
          if (!res.length) throw badRequest({ reasons: ['integrations.reason_unknown'] });
          updated++;
        }
        await audit(tx, 'update', 'attendance_codes', integ.id, { modes: body.modes.length, reasons: body.reasons.length });
        return { message: t('integrations.saved'), data: { updated } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/get_intgration_scancs_list',
    summary: 'The sign-ins of the directory’s people to write back (pending, ignored, sent with writeback_id, failed with the reason), newest first',
    tags,
    permission,
    query: zIntegrationScansQuery,
    response: zIntegrationScans,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.integration_id);
        await collectScans(tx, integ.id, actor.entityId);
        const where = and(eq(integrationScans.integrationId, integ.id), query.status ? eq(integrationScans.status, query.status) : undefined);
        const rows = await tx
          .select({ s: integrationScans, at: scans.at, first: users.firstName, last: users.lastName, code: attendanceCodes.code })
          .from(integrationScans)
          .innerJoin(scans, eq(scans.id, integrationScans.scanId))
          .innerJoin(users, eq(users.id, integrationScans.userId))
          .leftJoin(attendanceCodes, eq(attendanceCodes.id, integrationScans.attendanceCodeId))
          .where(where)
          .orderBy(query.orderBy === 'asc' ? asc(scans.at) : desc(scans.at), desc(integrationScans.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit);
        return {
          data: rows.map(({ s, at, first, last, code }) => ({ id: s.id, scan_id: s.scanId, user_id: s.userId, full_name: `${first} ${last}`, at: at.toISOString(), date: s.date, session: s.session, status: s.status, attendance_code_id: s.attendanceCodeId, code, minutes_late: s.minutesLate, writeback_id: s.writebackId, error: s.error })),
          count: await tx.$count(integrationScans, where),
        };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/integration/ignore_intgration_scancs',
    summary: 'Ignore scans (ids): they are not written back (a sent one stays sent)',
    tags,
    permission,
    body: zIgnoreScansBody,
    response: zUpdatedCount,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        await ownScans(tx, actor, body.ids);
        const rows = await tx.update(integrationScans).set({ status: 'ignored', updatedAt: sql`now()` }).where(and(eq(integrationScans.entityId, actor.entityId), inArray(integrationScans.id, body.ids), sql`${integrationScans.status} <> 'sent'`)).returning({ id: integrationScans.id });
        return { message: t('integrations.updated'), data: { updated: rows.length } };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/integration/edit_intgration_scancs',
    summary: 'Give scans (ids) another attendance code of their integration before they are sent (attendanceCodeId); they become pending again',
    tags,
    permission,
    body: zEditScansBody,
    response: zUpdatedCount,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const rows = await ownScans(tx, actor, body.ids);
        for (const integrationId of new Set(rows.map((x) => x.integrationId))) {
          const [code] = await tx.select({ id: attendanceCodes.id }).from(attendanceCodes).where(and(eq(attendanceCodes.id, body.attendanceCodeId), eq(attendanceCodes.integrationId, integrationId)));
          if (!code) throw badRequest({ attendanceCodeId: ['integrations.code_unknown'] });
        }
        const updated = await tx
          .update(integrationScans)
          .set({ attendanceCodeId: body.attendanceCodeId, status: 'pending', error: null, updatedAt: sql`now()` })
          .where(and(eq(integrationScans.entityId, actor.entityId), inArray(integrationScans.id, body.ids), sql`${integrationScans.status} <> 'sent'`))
          .returning({ id: integrationScans.id });
        return { message: t('integrations.updated'), data: { updated: updated.length } };
      }),
  });
}
