import {
  DIRECTORY_TYPES,
  type DirectoryTypeKey,
  SYNC_CODES,
  zAuthenticationBody,
  zAutoSyncBody,
  zDirectoryBody,
  zDirectoryEditBody,
  zDirectoryParam,
  zIdParam,
  zIntegrationIdBody,
  zIntegrationIdQuery,
  zIntegrationList,
  zIntegrationOne,
  zIntegrationSaved,
  zMessage,
  zMigrateBody,
  zReAuthBody,
  zStatistics,
  zSyncStarted,
  zSyncStatus,
  zUniqueCheck,
  zValidateNameBody,
} from '@gatehouse/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { attendanceCodes, integrationRuns, integrations } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import type { Services } from '../../platform/services';
import { reachableSiteIds } from '../sites/index';
import { checkBaseUrl } from './adapters/egress';
import { adapterFor } from './adapters/index';
import { checkMapping, directoryRefusal, usableIntegration } from './access';
import { integrationsTick, openRun, resumeRuns, startRun } from './runs';
import { configSchema, type IntegrationRow, nextSyncAt, openConfig, presentIntegration, SCIM, seal } from './store';
import { listGroups, saveGroups } from './sync';

export const tags = ['integrations'];
export const permission = 'integration' as const;

/** The configuration of a type, validated (400 with field messages) — Google needs one of its two ways in. */
function parseConfig(type: DirectoryTypeKey, raw: Record<string, unknown>) {
  const res = configSchema(type).safeParse(raw);
  if (!res.success) {
    const errors: Record<string, string[]> = {};
    for (const i of res.error.issues) (errors[String(i.path[0] ?? 'body')] ??= []).push(i.message.startsWith('integrations.') ? i.message : 'errors.validation');
    throw badRequest(errors);
  }
  const c = res.data;
  if (type === 'google' && !(c.refresh_token && c.client_id && c.client_secret) && !(c.service_account_email && c.private_key && c.admin_email)) throw badRequest({ credentials: ['integrations.google_credentials'] });
  return c;
}

const URL_FIELDS = ['base_url', 'login_url', 'token_url', 'server_url'] as const;

/** The configurable addresses lead out of our network over https (egress.ts): 400 with the field's message. */
async function checkUrls(config: Record<string, unknown>) {
  const errors: Record<string, string[]> = {};
  for (const field of URL_FIELDS) {
    const v = config[field];
    if (typeof v !== 'string' || !v) continue;
    const problem = await checkBaseUrl(v);
    if (problem) errors[field] = [`integrations.${problem}`];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Proves the configuration against the directory (outside any transaction) and lists its groups. */
async function prove(type: DirectoryTypeKey, config: Record<string, unknown>) {
  await checkUrls(config);
  try {
    const adapter = adapterFor(type, config);
    await adapter.authenticate();
    return await listGroups(adapter);
  } catch (err) {
    return directoryRefusal(err);
  }
}

async function nameTaken(tx: Db, entityId: number, name: string, exceptId?: number) {
  const rows = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.entityId, entityId), sql`lower(${integrations.name}) = lower(${name})`, exceptId ? ne(integrations.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** A free default name for a new draft ("Wonde", "Wonde 2", …). */
async function freeName(tx: Db, entityId: number, type: DirectoryTypeKey) {
  const base = { google: 'Google', azure: 'Microsoft Entra', paxton: 'Paxton Net2', wonde: 'Wonde' }[type];
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base} ${i}`;
    if (!(await nameTaken(tx, entityId, name))) return name;
  }
}

const answer = async (tx: Db, services: Services, row: IntegrationRow, message: string) => ({ message, data: await presentIntegration(tx, services.config.secretKey, row) });

/** Rule 269: the organisation's integrations the actor may use (all their sites reachable). */
async function listFor(tx: Db, actor: MemberActor) {
  const rows = await tx.select().from(integrations).where(and(eq(integrations.entityId, actor.entityId), ne(integrations.type, SCIM))).orderBy(integrations.id);
  const reach = await reachableSiteIds(tx, actor);
  return rows.filter((r) => !reach || r.siteIds.every((s) => reach.includes(s)));
}

async function statusOf(tx: Db, integ: IntegrationRow) {
  const [run] = await tx.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integ.id)).orderBy(desc(integrationRuns.id)).limit(1);
  return { data: { id: integ.id, status: integ.status, code: integ.syncCode, migration_stage: integ.migrationStage, run_id: run?.id ?? null, counts: run?.counts ?? {}, errors: run?.errors ?? [] } };
}

const configured = (i: IntegrationRow) => i.groups.length > 0 && i.siteIds.length > 0 && Object.keys(i.mappedFields).length > 0;

/** Setting up, authenticating, syncing and deleting integrations (rules 266-279). */
export function setupRoutes(r: Router, services: Services) {
  const key = services.config.secretKey;

  r.route({
    method: 'GET',
    url: '/api/integration/directories',
    summary: 'The organisation’s integrations the caller may use (status, sync code, counts; never the credentials) and the directory types',
    tags,
    permission,
    response: zIntegrationList,
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const rows = await listFor(tx, actor);
        return { data: await Promise.all(rows.map((row) => presentIntegration(tx, key, row))), count: rows.length, types: [...DIRECTORY_TYPES] };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/integration/authentication/{entityId}/{directory}',
    summary: 'Authenticate a directory (rule 267: google token or service account; azure tenant, client, secret; paxton username, password, client id, server URL; wonde school id, token): proves the credentials, stores them sealed, creates the draft (or updates `id`)',
    tags,
    permission,
    params: zDirectoryParam,
    body: zAuthenticationBody,
    response: zIntegrationSaved,
    handler: async ({ actor, params, body, tenant, audit, t }) => {
      const { id, name, ...raw } = body;
      const config = parseConfig(params.directory, raw);
      if (id) await tenant((tx) => usableIntegration(tx, actor, id));
      const groups = await prove(params.directory, config);
      return tenant(async (tx) => {
        if (name && (await nameTaken(tx, actor.entityId, name, id))) throw badRequest({ name: ['integrations.name_taken'] });
        const sealed = seal(key, actor.entityId, config);
        let row: IntegrationRow;
        if (id) {
          const existing = await usableIntegration(tx, actor, id);
          [row] = await tx
            .update(integrations)
            .set({ credentials: sealed, type: params.directory, tokenAt: sql`now()`, ...(name ? { name } : {}), status: existing.status === 'auth_failed' ? 'active' : existing.status, updatedAt: sql`now()` })
            .where(eq(integrations.id, id))
            .returning();
        } else {
          [row] = await tx
            .insert(integrations)
            .values({ entityId: actor.entityId, name: name || (await freeName(tx, actor.entityId, params.directory)), type: params.directory, credentials: sealed, tokenAt: new Date(), createdBy: actor.userId })
            .returning();
        }
        await saveGroups(tx, row, groups);
        await audit(tx, id ? 'update' : 'create', 'integration', row.id, { type: row.type, authenticated: true });
        return answer(tx, services, row, t('integrations.auth_success'));
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/api/integration/validate_name',
    summary: 'Whether an integration name is free in the organisation (unique: 1) (rule 275: a name is required)',
    tags,
    permission,
    body: zValidateNameBody,
    response: zUniqueCheck,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const taken = await nameTaken(tx, actor.entityId, body.name, body.id);
        return { message: taken ? t('integrations.name_taken') : t('integrations.saved'), data: { unique: taken ? 0 : 1 } };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/integration/reAuth',
    summary: 'Re-authenticate an integration: the new values replace the stored ones (unset keys are kept), proven against the directory ("Re-authenticated Successfully")',
    tags,
    permission,
    body: zReAuthBody,
    response: zIntegrationSaved,
    handler: async ({ actor, body, tenant, audit, t }) => {
      const { id, ...raw } = body;
      const integ = await tenant((tx) => usableIntegration(tx, actor, id));
      const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== null && v !== ''));
      const config = parseConfig(integ.type, { ...openConfig(key, integ), ...given });
      const groups = await prove(integ.type, config);
      return tenant(async (tx) => {
        const linked = await tx.execute(sql`select 1 from integration_people where integration_id = ${id} limit 1`);
        const hasPeople = (linked as unknown as { rows: unknown[] }).rows.length > 0;
        const [row] = await tx
          .update(integrations)
          .set({ credentials: seal(key, actor.entityId, config), tokenAt: sql`now()`, lastError: null, status: integ.status === 'auth_failed' ? (hasPeople ? 'active' : 'draft') : integ.status, updatedAt: sql`now()` })
          .where(eq(integrations.id, id))
          .returning();
        await saveGroups(tx, row, groups);
        await audit(tx, 'update', 'integration', id, { reauthenticated: true });
        return answer(tx, services, row, t('integrations.reauth_success'));
      });
    },
  });

  for (const [url, summary] of [
    ['/api/integration/status', 'An integration’s status (rule 268), its sync code (rule 270), migration stage (rule 272) and its last run’s counts and errors'],
    ['/api/integration/synctempjob/status', 'The polled status of the running (or last) sync or migration job (rules 270-274)'],
  ] as const) {
    r.route({
      method: 'GET',
      url,
      summary,
      tags,
      permission,
      query: zIntegrationIdQuery,
      response: zSyncStatus,
      handler: ({ actor, query, tenant }) => tenant(async (tx) => statusOf(tx, await usableIntegration(tx, actor, query.id))),
    });
  }

  r.route({
    method: 'GET',
    url: '/api/integration/statistics',
    summary: 'Statistics of an integration: people synced and archived, temporary lists, runs, the last run, write-back counts',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zStatistics,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        const one = async <T>(q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
        const [people] = await one<{ synced: number; archived: number }>(
          sql`select count(*) filter (where ip.removed_at is null and u.status = 'active')::int as synced, count(*) filter (where ip.removed_at is not null or u.status = 'archived')::int as archived
              from integration_people ip join users u on u.id = ip.user_id where ip.integration_id = ${integ.id}`,
        );
        const temp = await one<{ state: string; n: number }>(sql`select state, count(*)::int as n from integration_temp_users where integration_id = ${integ.id} group by state`);
        const scans = await one<{ status: string; n: number }>(sql`select status, count(*)::int as n from integration_scans where integration_id = ${integ.id} group by status`);
        const runs = await tx.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integ.id)).orderBy(desc(integrationRuns.id));
        const last = runs[0];
        return {
          data: {
            synced_users: people?.synced ?? 0,
            archived_users: people?.archived ?? 0,
            temp: { valid: 0, error: 0, duplicate: 0, ...Object.fromEntries(temp.map((x) => [x.state, x.n])) },
            runs: runs.length,
            last_run: last ? { id: last.id, kind: last.kind, status: last.status, code: last.code, counts: last.counts, finished_at: last.finishedAt?.toISOString() ?? null } : null,
            scans: Object.fromEntries(scans.map((x) => [x.status, x.n])),
          },
        };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/integration/directory',
    summary: 'Save an authenticated draft’s settings (rule 275: name, at least one site, one mapped field and one group given a user type; sync frequency, rule 277)',
    tags,
    permission,
    body: zDirectoryBody,
    response: zIntegrationSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, body.id);
        if (await nameTaken(tx, actor.entityId, body.name, integ.id)) throw badRequest({ name: ['integrations.name_taken'] });
        await checkMapping(tx, actor, integ.id, integ.type, body);
        const [row] = await tx
          .update(integrations)
          .set({ name: body.name, siteIds: body.site_ids, mappedFields: body.mapped_fields, groups: body.groups, syncFrequency: body.sync_frequency, scansPerDay: body.scans_per_day, updatedAt: sql`now()` })
          .where(eq(integrations.id, integ.id))
          .returning();
        await audit(tx, 'update', 'integration', row.id, { name: row.name, sites: row.siteIds, groups: row.groups.length });
        return answer(tx, services, row, t('integrations.saved'));
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/integration/directory/{id}',
    summary: 'Edit an integration; `status` active/inactive (rule 269: inactive stops automatic sync). Mapped fields cannot change while errors or duplicates exist (rule 276, 409)',
    tags,
    permission,
    params: zIdParam,
    body: zDirectoryEditBody,
    response: zIntegrationSaved,
    handler: ({ actor, params, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, params.id);
        if (body.name && (await nameTaken(tx, actor.entityId, body.name, integ.id))) throw badRequest({ name: ['integrations.name_taken'] });
        await checkMapping(tx, actor, integ.id, integ.type, body);
        if (body.mapped_fields && JSON.stringify(body.mapped_fields) !== JSON.stringify(integ.mappedFields)) {
          const open = await tx.execute(sql`select 1 from integration_temp_users where integration_id = ${integ.id} and state <> 'valid' limit 1`);
          if ((open as unknown as { rows: unknown[] }).rows.length) throw conflict('integrations.fields_blocked');
        }
        const status = body.status === 'inactive' ? 'inactive' : body.status === 'active' && integ.status === 'inactive' ? 'active' : integ.status;
        const frequency = body.sync_frequency ?? integ.syncFrequency;
        const [row] = await tx
          .update(integrations)
          .set({
            ...(body.name ? { name: body.name } : {}),
            ...(body.site_ids ? { siteIds: body.site_ids } : {}),
            ...(body.mapped_fields ? { mappedFields: body.mapped_fields } : {}),
            ...(body.groups ? { groups: body.groups } : {}),
            ...(body.scans_per_day ? { scansPerDay: body.scans_per_day } : {}),
            syncFrequency: frequency,
            status,
            // Reactivating resumes the automatic sync from now (rule 269).
            nextSyncAt: integ.autoSync && status !== 'inactive' ? (integ.status === 'inactive' || frequency !== integ.syncFrequency ? nextSyncAt(frequency) : integ.nextSyncAt) : null,
            updatedAt: sql`now()`,
          })
          .where(eq(integrations.id, integ.id))
          .returning();
        await audit(tx, 'update', 'integration', row.id, { ...body });
        return answer(tx, services, row, t(body.status ? 'integrations.updated' : 'integrations.saved'));
      }),
  });

  const syncRoute = (url: string, summary: string, kind: (i: IntegrationRow) => 'first' | 'manual' | 'auto', idFrom: 'params' | 'body') =>
    r.route({
      method: 'POST',
      url,
      summary,
      tags,
      permission,
      params: idFrom === 'params' ? zIdParam : undefined,
      body: idFrom === 'body' ? zIntegrationIdBody : undefined,
      response: zSyncStarted,
      status: 202,
      handler: ({ actor, params, body, tenant, t }) =>
        tenant(async (tx) => {
          const id = (idFrom === 'params' ? params : body)!.id;
          const integ = await usableIntegration(tx, actor, id);
          if (!configured(integ)) throw badRequest({ id: ['integrations.not_configured'] }, 'integrations.not_configured');
          const run = await startRun(services, tx, integ, kind(integ));
          return { message: t('integrations.sync_started'), data: { run_id: run.id, code: SYNC_CODES.queued } };
        }),
    });

  syncRoute('/api/integration/directory/{id}/sync', 'Sync now (allowed while inactive, rule 269): changes since the last sync where the directory tracks them; 409 while a sync runs', (i) => (i.migrationStage === 'done' ? 'manual' : 'first'), 'params');
  syncRoute('/api/integration/firstSync', 'The first sync: everyone into the temporary lists (valid, error, duplicate); status polled from 3 s after (rule 273); Retry resumes a failed one (rule 271)', () => 'first', 'body');

  r.route({
    method: 'POST',
    url: '/api/integration/autoSync',
    summary: 'Turn the automatic sync on or off and set its frequency (daily, weekly, monthly, immediately; rule 277); it runs as a job that survives a restart',
    tags,
    permission,
    body: zAutoSyncBody,
    response: zIntegrationSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, body.id);
        if (body.enabled && !configured(integ)) throw badRequest({ id: ['integrations.not_configured'] }, 'integrations.not_configured');
        const frequency = body.sync_frequency ?? integ.syncFrequency;
        const [row] = await tx
          .update(integrations)
          .set({ autoSync: body.enabled ? 1 : 0, syncFrequency: frequency, nextSyncAt: body.enabled ? nextSyncAt(frequency) : null, updatedAt: sql`now()` })
          .where(eq(integrations.id, integ.id))
          .returning();
        await audit(tx, 'update', 'integration', row.id, { auto_sync: body.enabled, sync_frequency: frequency });
        return answer(tx, services, row, t('integrations.saved'));
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/integration/migrateUsers',
    summary: 'Move the valid temporary people in (a job; stages idle, processing, done, failed, rule 272): one matching an existing person on the unique migration field is linked, not created (rule 275)',
    tags,
    permission,
    body: zMigrateBody,
    response: zSyncStarted,
    status: 202,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, body.id);
        if (!configured(integ)) throw badRequest({ id: ['integrations.not_configured'] }, 'integrations.not_configured');
        await tx.update(integrations).set({ migrationField: body.migration_field }).where(eq(integrations.id, integ.id));
        const run = await startRun(services, tx, { ...integ, migrationField: body.migration_field }, 'migration');
        return { message: t('integrations.sync_started'), data: { run_id: run.id, code: SYNC_CODES.queued } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/info',
    summary: 'One integration (settings, status, counts; which credential keys are set, never their values: rule 267)',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zIntegrationOne,
    handler: ({ actor, query, tenant }) => tenant(async (tx) => ({ data: await presentIntegration(tx, key, await usableIntegration(tx, actor, query.id)) })),
  });

  r.route({
    method: 'POST',
    url: '/api/integration/refresh',
    summary: 'Refresh the directory’s token and its groups (a failure sets “authentication failed”, rule 268)',
    tags,
    permission,
    body: zIntegrationIdBody,
    response: zIntegrationSaved,
    handler: async ({ actor, body, tenant, t }) => {
      const integ = await tenant((tx) => usableIntegration(tx, actor, body.id));
      let groups: Awaited<ReturnType<typeof listGroups>>;
      try {
        const adapter = adapterFor(integ.type, openConfig(key, integ));
        await adapter.refresh();
        groups = await listGroups(adapter);
      } catch (err) {
        await tenant((tx) => tx.update(integrations).set({ status: 'auth_failed', lastError: (err as Error).message.slice(0, 300) }).where(eq(integrations.id, integ.id)));
        return directoryRefusal(err);
      }
      return tenant(async (tx) => {
        const [row] = await tx.update(integrations).set({ tokenAt: sql`now()`, lastError: null }).where(eq(integrations.id, integ.id)).returning();
        await saveGroups(tx, row, groups);
        return answer(tx, services, row, t('integrations.saved'));
      });
    },
  });

  r.route({
    method: 'DELETE',
    url: '/api/integration/directory/{id}',
    summary: 'Delete an integration (“Integration Deleted Successfully”): its lists, logs and codes go; the people stay, with their history',
    tags,
    permission,
    params: zIdParam,
    response: zMessage,
    handler: ({ actor, params, tenant, audit, t }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, params.id);
        if (await openRun(tx, integ.id)) throw conflict('integrations.sync_running');
        await tx.delete(attendanceCodes).where(and(eq(attendanceCodes.entityId, actor.entityId), eq(attendanceCodes.integrationId, integ.id)));
        await tx.delete(integrations).where(eq(integrations.id, integ.id));
        await audit(tx, 'delete', 'integration', integ.id, { name: integ.name, type: integ.type });
        return { message: t('integrations.deleted') };
      }),
  });

  services.jobs.every('integrations.tick', '* * * * *', async () => {
    await integrationsTick(services);
  });
  services.jobs.repeat('integrations.resume', services.config.syncHeartbeatMs, async () => {
    await resumeRuns(services);
  });
}
