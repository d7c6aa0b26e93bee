import { zCheckPasswordQuery, zCronJobs, zDeleteNowBody, zEntityIdParam, zEntityRetentionBody, zEraseBody, zIdParam, zListQuery, zPasswordCheck, zPrivacyRun, zPrivacyRunSaved, zPrivacySettings, zRetentionImpact, zRetentionImpactQuery, zRetentionImpactSaved, zUserTypeRetentionBody } from '@gatehouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { privacyRuns, privacySettings, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { organisationTimeZone } from '../reports/index';
import { assertPassword, erasePerson, personalDataZip } from './person-data';
import { fileKey, PURGE_JOB, runPurge } from './purge';
import { privacySettingsOf, retentionImpact } from './retention';
import { nextPurgeAt, privacyTick, type PurgeJob } from './schedule';

const tags = ['privacy'];
const permission = 'privacy manager' as const;

const presentRun = (r: typeof privacyRuns.$inferSelect): z.input<typeof zPrivacyRun> => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  name: r.scope.name ?? null,
  counts: r.counts,
  started_at: r.startedAt?.toISOString() ?? null,
  finished_at: r.finishedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  error: r.error ? 'errors.server' : null,
});

/**
 * Saves a retention (rules 282-283). Shortening it past records that exist needs `confirm`: without it the answer
 * is 409 with how many people and scans would go, and nothing changes.
 */
async function saveRetention(tx: Db, entityId: number, userId: number, typeId: number | null, b: { data_retention_days: number; scans_retention_days: number; confirm?: boolean }) {
  const impact = await retentionImpact(tx, entityId, typeId, { data: b.data_retention_days, scans: b.scans_retention_days });
  if ((impact.people || impact.scans) && !b.confirm) {
    throw new AppError(409, 'privacy.confirm_required', { code: 'confirm_required', vars: impact, data: impact });
  }
  const where = typeId ? and(eq(privacySettings.entityId, entityId), eq(privacySettings.userTypeId, typeId)) : and(eq(privacySettings.entityId, entityId), isNull(privacySettings.userTypeId));
  const values = { dataRetentionDays: b.data_retention_days, scansRetentionDays: b.scans_retention_days, updatedBy: userId };
  const [updated] = await tx.update(privacySettings).set(values).where(where).returning();
  if (!updated) await tx.insert(privacySettings).values({ entityId, userTypeId: typeId, ...values });
  return impact;
}

/** The privacy manager (rules 282-285): retention per user type, delete now, the purge runs, and people's own data. */
export default defineRoutes((r, services) => {
  services.jobs.work<PurgeJob>(PURGE_JOB, async (job) => {
    await runPurge(services, job.runId, job.entityId);
  });
  services.jobs.every('privacy.tick', '*/15 * * * *', async () => {
    await privacyTick(services);
  });

  r.route({
    method: 'GET',
    url: '/api/privacy_manager/{entityId}',
    summary: 'Retention per user type (own, the organisation’s default for visitor types, or kept) and the default',
    tags,
    permission,
    params: zEntityIdParam,
    response: zPrivacySettings,
    handler: ({ actor, tenant }) => tenant(async (tx) => ({ data: { ...(await privacySettingsOf(tx, actor.entityId)), time_zone: await organisationTimeZone(tx, actor.entityId) } })),
  });

  r.route({
    method: 'GET',
    url: '/api/privacy_manager/impact/{entityId}',
    summary: 'How many people and scans a retention would remove now (user_type_id, or the default without it)',
    tags,
    permission,
    params: zEntityIdParam,
    query: zRetentionImpactQuery,
    response: zRetentionImpact,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => ({ data: await retentionImpact(tx, actor.entityId, query.user_type_id ?? null, { data: query.data_retention_days, scans: query.scans_retention_days }) })),
  });

  r.route({
    method: 'POST',
    url: '/api/user-type_privacy_manager',
    summary: 'Set a user type’s data and scan retention in days (rules 282-283); shortening past existing records needs confirm=1 (409 with the counts otherwise)',
    tags,
    permission,
    body: zUserTypeRetentionBody,
    response: zRetentionImpactSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const [type] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.id, body.user_type_id), eq(userTypes.entityId, actor.entityId)));
        if (!type) throw notFound('reports.user_type_unknown');
        const impact = await saveRetention(tx, actor.entityId, actor.userId, type.id, body);
        await audit(tx, 'update', 'privacy_settings', type.id, { data_retention_days: body.data_retention_days, scans_retention_days: body.scans_retention_days });
        return { message: t('privacy.updated'), data: impact };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/entity_privacy_manager/{entityId}',
    summary: 'Set the organisation’s default retention (visitor types without their own); confirm=1 when it removes records',
    tags,
    permission,
    params: zEntityIdParam,
    body: zEntityRetentionBody,
    response: zRetentionImpactSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const impact = await saveRetention(tx, actor.entityId, actor.userId, null, body);
        await audit(tx, 'update', 'privacy_settings', 'default', { data_retention_days: body.data_retention_days, scans_retention_days: body.scans_retention_days });
        return { message: t('privacy.updated'), data: impact };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/delete_now_privacy_manager',
    summary: 'Delete now (rule 284: type data, scan or both, and the name): applies a user type’s retention at once, confirmed with the password; runs as a job',
    tags,
    permission,
    body: zDeleteNowBody,
    response: zPrivacyRunSaved,
    status: 202,
    rateLimit: { max: 10, timeWindow: 60_000 },
    handler: async ({ actor, body, tenant, audit, t }) => {
      const run = await tenant(async (tx) => {
        await assertPassword(tx, actor, body.password);
        if (body.user_type_id) {
          const [type] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.id, body.user_type_id), eq(userTypes.entityId, actor.entityId)));
          if (!type) throw notFound('reports.user_type_unknown');
        }
        const [row] = await tx
          .insert(privacyRuns)
          .values({ entityId: actor.entityId, kind: 'delete_now', scope: { type: body.type, user_type_id: body.user_type_id ?? null, name: body.name }, requestedBy: actor.userId })
          .returning();
        await audit(tx, 'delete_now', 'privacy', row.id, { type: body.type, user_type_id: body.user_type_id ?? null, name: body.name });
        return row;
      });
      if (services.jobs.started) await services.jobs.send(PURGE_JOB, { entityId: actor.entityId, runId: run.id } satisfies PurgeJob, { singletonKey: `purge-${run.id}`, retryLimit: 3 });
      else await runPurge(services, run.id, actor.entityId);
      const key = body.type === 'data' ? 'privacy.data_deleted' : body.type === 'scan' ? 'privacy.scans_deleted' : 'privacy.both_deleted';
      return { message: t(key, { name: body.name }), data: presentRun(run) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/cron_jobs/{entityId}',
    summary: 'The retention purge: its next nightly run in the organisation’s time zone and the latest runs (nightly, delete now, erasures) with what they removed',
    tags,
    permission,
    params: zEntityIdParam,
    query: zListQuery,
    response: zCronJobs,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const rows = await tx.select().from(privacyRuns).where(eq(privacyRuns.entityId, actor.entityId)).orderBy(desc(privacyRuns.createdAt), desc(privacyRuns.id)).limit(query.limit).offset((query.page - 1) * query.limit);
        const count = await tx.$count(privacyRuns, eq(privacyRuns.entityId, actor.entityId));
        const tz = await organisationTimeZone(tx, actor.entityId);
        return { data: rows.map(presentRun), count, scheduled: [{ name: 'privacy.purge', next_run_at: nextPurgeAt(tz).toISOString(), time_zone: tz }] };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/check_password',
    summary: 'Check the caller’s own password before a destructive action (encrypted=1: the password is sent base64-encoded); answers valid 1 or 0',
    tags,
    permission,
    query: zCheckPasswordQuery,
    response: zPasswordCheck,
    rateLimit: { max: 10, timeWindow: 60_000 },
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const password = query.encrypted ? Buffer.from(query.password, 'base64').toString('utf8') : query.password;
        const valid = await assertPassword(tx, actor, password).then(
          () => 1 as const,
          () => 0 as const,
        );
        return { data: { valid } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/personal_data/{id}',
    summary: 'Everything held about a person (subject access): a ZIP of JSON files and their stored files, from the person’s page',
    tags,
    permission,
    params: zIdParam,
    raw: true,
    produces: ['application/zip'],
    handler: async ({ actor, params, tenant, audit, reply }) => {
      // The rows are read in the transaction; the files are streamed from storage after it.
      const { stream, name } = await tenant(async (tx) => {
        const zip = await personalDataZip(services, tx, actor, params.id);
        await audit(tx, 'export', 'personal_data', params.id);
        return zip;
      });
      reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store');
      return reply.send(stream);
    },
  });

  r.route({
    method: 'POST',
    url: '/api/erase_person/{id}',
    summary: 'Erase a person on request (everything held about them, files included), confirmed with the caller’s password; console members cannot be erased here',
    tags,
    permission,
    params: zIdParam,
    body: zEraseBody,
    response: zPrivacyRunSaved,
    rateLimit: { max: 10, timeWindow: 60_000 },
    handler: async ({ actor, params, body, tenant, audit, t, emit }) => {
      const { run, files } = await tenant(async (tx) => {
        await assertPassword(tx, actor, body.password);
        const res = await erasePerson(tx, actor, params.id);
        await audit(tx, 'erase', 'user', params.id, res.run.counts);
        return res;
      });
      for (const f of files) {
        const key = fileKey(f);
        if (key) await services.storage.remove(key);
      }
      await tenant((tx) => tx.update(privacyRuns).set({ pendingFiles: [] }).where(eq(privacyRuns.id, run.id)));
      emit('entity', actor.entityId, 'update', { type: 'user', action: 'erased', id: params.id });
      return { message: t('privacy.person_erased'), data: presentRun(run) };
    },
  });
});
