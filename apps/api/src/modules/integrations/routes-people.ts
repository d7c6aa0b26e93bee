import {
  EMAIL_PATTERN,
  MAPPABLE_FIELDS,
  zDuplicateCheck,
  zFixDuplicateBody,
  zFixErrorBody,
  zIntegrationAreas,
  zIntegrationIdQuery,
  zIntegrationUserTypes,
  zPreRequest,
  zSyncedUsers,
  zSyncLogs,
  zTempListQuery,
  type zTempUser,
  zTempUserSaved,
  zTempUsers,
} from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { areas, integrationGroups, integrationPeople, integrationRuns, integrationTempUsers, sites, userTypes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import type { Services } from '../../platform/services';
import { canUseType, grantedUserTypeIds } from '../user-types/index';
import { adapterFor } from './adapters/index';
import { WONDE_KINDS } from './adapters/wonde';
import { usableIntegration } from './access';
import { fingerprint, type MappedPerson } from './mapping';
import { createPeople, stage } from './people';
import { permission, tags } from './routes-setup';
import { type IntegrationRow } from './store';

type TempRow = typeof integrationTempUsers.$inferSelect;

async function presentTemp(tx: Db, rows: TempRow[], t: (key: string, vars?: Record<string, string | number>) => string): Promise<z.input<typeof zTempUser>[]> {
  const ids = [...new Set(rows.map((r) => r.duplicateOf).filter((x): x is number => !!x))];
  const people = ids.length ? await tx.select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({ id: r.id, external_id: r.externalId, state: r.state, data: r.data, user_type_id: r.userTypeId, errors: Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, v.map((m) => t(m, { field: k }))])), duplicate_of: (r.duplicateOf && byId.get(r.duplicateOf)) || null }));
}

/** A temporary person of an integration the actor may use, or 404. */
async function loadTemp(tx: Db, actor: MemberActor, id: number) {
  const [row] = await tx.select().from(integrationTempUsers).where(and(eq(integrationTempUsers.entityId, actor.entityId), eq(integrationTempUsers.id, id)));
  if (!row) throw notFound('integrations.temp_unknown');
  return { row, integ: await usableIntegration(tx, actor, row.integrationId) };
}

const asMapped = (row: TempRow, data: Record<string, string | null>, userTypeId: number | null): MappedPerson => {
  const errors: Record<string, string[]> = {};
  if (!data.first_name) errors.first_name = ['integrations.first_name_required'];
  if (!data.last_name) errors.last_name = ['integrations.last_name_required'];
  if (data.email && !EMAIL_PATTERN.test(data.email)) errors.email = ['integrations.email_invalid'];
  if (!userTypeId) errors.group = ['integrations.no_group_to_map'];
  return { externalId: row.externalId, data, userTypeId, errors, errorType: null, active: true };
};

/** The people lists of an integration: synced, temporary (valid, error, duplicate) and their fixes. */
export function peopleRoutes(r: Router, services: Services) {
  r.route({
    method: 'GET',
    url: '/api/integration/users/synced',
    summary: 'People synced from the directory (keyed by its immutable ids), paged',
    tags,
    permission,
    query: zTempListQuery,
    response: zSyncedUsers,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        const where = and(eq(integrationPeople.integrationId, integ.id), eq(integrationPeople.entityId, actor.entityId));
        const rows = await tx
          .select({ id: users.id, external_id: integrationPeople.externalId, first_name: users.firstName, last_name: users.lastName, email: users.email, status: users.status, user_type_id: users.userTypeId, synced_at: integrationPeople.syncedAt })
          .from(integrationPeople)
          .innerJoin(users, eq(users.id, integrationPeople.userId))
          .where(where)
          .orderBy(query.orderBy === 'desc' ? desc(users.lastName) : asc(users.lastName), asc(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit);
        const count = await tx.$count(integrationPeople, where);
        return { data: rows.map((x) => ({ ...x, synced_at: x.synced_at.toISOString() })), count };
      }),
  });

  for (const state of ['valid', 'error', 'duplicate'] as const) {
    r.route({
      method: 'GET',
      url: `/api/integration/tempUsers/${state}`,
      summary: `Temporary people of the last sync in the ${state} list${state === 'error' ? ' (with their field messages; NO_GROUP_TO_MAP, rule 278)' : state === 'duplicate' ? ' (with the existing person offered for merge)' : ''}`,
      tags,
      permission,
      query: zTempListQuery,
      response: zTempUsers,
      handler: ({ actor, query, tenant, t }) =>
        tenant(async (tx) => {
          const integ = await usableIntegration(tx, actor, query.id);
          const where = and(eq(integrationTempUsers.integrationId, integ.id), eq(integrationTempUsers.state, state));
          const rows = await tx.select().from(integrationTempUsers).where(where).orderBy(asc(integrationTempUsers.id)).limit(query.limit).offset((query.page - 1) * query.limit);
          return { data: await presentTemp(tx, rows, t), count: await tx.$count(integrationTempUsers, where) };
        }),
    });
  }

  r.route({
    method: 'POST',
    url: '/api/integration/fixError',
    summary: 'Fix a person of the error list (names, e-mail, phone, ID, user type); checked again: valid, still an error, or a duplicate',
    tags,
    permission,
    body: zFixErrorBody,
    response: zTempUserSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const { row, integ } = await loadTemp(tx, actor, body.temp_user_id);
        if (body.user_type_id) {
          const [type] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, actor.entityId), eq(userTypes.id, body.user_type_id)));
          if (!type || !canUseType(await grantedUserTypeIds(tx, actor), type.id)) throw badRequest({ user_type_id: ['integrations.user_type_unknown'] });
        }
        const data = { ...row.data };
        for (const f of MAPPABLE_FIELDS) if (body[f as keyof typeof body] !== undefined) data[f] = String(body[f as keyof typeof body] ?? '').trim() || null;
        if (data.email) data.email = data.email.toLowerCase();
        await stage(tx, integ, [asMapped(row, data, body.user_type_id ?? row.userTypeId)], row.runId ?? 0, {});
        const [fresh] = await tx.select().from(integrationTempUsers).where(eq(integrationTempUsers.id, row.id));
        await audit(tx, 'update', 'integration_temp_user', row.id, { state: fresh.state });
        return { message: t('integrations.fixed'), data: (await presentTemp(tx, [fresh], t))[0] };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/integration/fixDuplicate',
    summary: 'Resolve a duplicate: merge links the directory person to the selected existing person (never a second person; rule 287 “Please select a user” without one), create makes them a person when no one else holds their details',
    tags,
    permission,
    body: zFixDuplicateBody,
    response: zTempUserSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const { row, integ } = await loadTemp(tx, actor, body.temp_user_id);
        const person = asMapped(row, row.data, row.userTypeId);
        if (body.action === 'merge') {
          if (!body.user_id) throw badRequest({ user_id: ['integrations.select_user'] }, 'integrations.select_user');
          const [target] = await tx.select().from(users).where(and(eq(users.entityId, actor.entityId), eq(users.id, body.user_id)));
          if (!target) throw notFound('errors.not_found');
          const [other] = await tx.select().from(integrationPeople).where(and(eq(integrationPeople.integrationId, integ.id), eq(integrationPeople.userId, target.id)));
          if (other && other.externalId !== row.externalId) throw conflict('integrations.duplicate_of_person', { user_id: ['integrations.duplicate_of_person'] });
          await tx
            .insert(integrationPeople)
            .values({ entityId: actor.entityId, integrationId: integ.id, externalId: row.externalId, userId: target.id, hash: fingerprint(person) })
            .onConflictDoUpdate({ target: [integrationPeople.integrationId, integrationPeople.externalId], set: { userId: target.id, removedAt: null } });
          // The directory's details fill what the person lacks; the person keeps their own where they have them.
          await tx
            .update(users)
            .set({
              userTypeId: target.userTypeId ?? row.userTypeId,
              email: target.email ?? (row.data.email && !(await emailTaken(tx, actor.entityId, row.data.email, target.id)) ? row.data.email : null),
              updatedAt: sql`now()`,
            })
            .where(eq(users.id, target.id));
        } else {
          if (Object.keys(person.errors).length) throw new AppError(409, 'integrations.not_configured', { errors: person.errors });
          const dup = await tx.execute(sql`select 1 from users where entity_id = ${actor.entityId} and (lower(email) = ${row.data.email ?? ''} or phone = ${row.data.phone ?? ''} or id_number = ${row.data.id_number ?? ''}) limit 1`);
          if ((dup as unknown as { rows: unknown[] }).rows.length) throw conflict('integrations.duplicate_of_person', { user_id: ['integrations.select_user'] });
          await createPeople(tx, integ, [person]);
        }
        await tx.delete(integrationTempUsers).where(eq(integrationTempUsers.id, row.id));
        await audit(tx, 'update', 'integration_temp_user', row.id, { action: body.action, user_id: body.user_id ?? null });
        return { message: t('integrations.fixed'), data: (await presentTemp(tx, [row], t))[0] };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/userType',
    summary: 'The user types a group can be given (the caller’s) and the integration’s group mapping',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zIntegrationUserTypes,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        const granted = await grantedUserTypeIds(tx, actor);
        const types = (await tx.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(eq(userTypes.entityId, actor.entityId)).orderBy(userTypes.name)).filter((ty) => canUseType(granted, ty.id));
        return { data: { user_types: types, groups: integ.groups } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/checkDuplicate',
    summary: 'How many errors and duplicates are left (mapped fields can change only with none, rule 276)',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zDuplicateCheck,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        const rows = await tx.select({ state: integrationTempUsers.state, n: sql<number>`count(*)::int` }).from(integrationTempUsers).where(eq(integrationTempUsers.integrationId, integ.id)).groupBy(integrationTempUsers.state);
        const n = (s: string) => rows.find((x) => x.state === s)?.n ?? 0;
        return { data: { errors: n('error'), duplicates: n('duplicate'), valid: n('valid'), can_edit_fields: n('error') + n('duplicate') === 0 ? 1 : 0 } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/areas',
    summary: 'The integration’s sites with their areas (those the caller reaches)',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zIntegrationAreas,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        if (!integ.siteIds.length) return { data: [] };
        const siteRows = await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.entityId, actor.entityId), inArray(sites.id, integ.siteIds))).orderBy(sites.name);
        const areaRows = await tx.select({ id: areas.id, name: areas.name, siteId: areas.siteId }).from(areas).where(and(eq(areas.entityId, actor.entityId), inArray(areas.siteId, integ.siteIds))).orderBy(areas.name);
        return { data: siteRows.map((s) => ({ site_id: s.id, site_name: s.name, areas: areaRows.filter((a) => a.siteId === s.id).map((a) => ({ id: a.id, name: a.name })) })) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/preRequest',
    summary: 'What the mapping page offers: the directory’s fields, our mappable fields, and the directory’s groups (with member counts)',
    tags,
    permission,
    query: zIntegrationIdQuery,
    response: zPreRequest,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        const groups = await tx.select().from(integrationGroups).where(eq(integrationGroups.integrationId, integ.id)).orderBy(integrationGroups.name);
        return {
          data: {
            fields: directoryFields(integ),
            mappable: [...MAPPABLE_FIELDS],
            groups: groups.map((g) => ({ id: g.externalId, name: g.name, kind: g.kind, member_count: g.members.length })),
          },
        };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/integration/SyncLogs',
    summary: 'Every run of the integration (first, automatic, manual, migration) with its counts, errors and code, newest first',
    tags,
    permission,
    query: zTempListQuery,
    response: zSyncLogs,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const integ = await usableIntegration(tx, actor, query.id);
        const where = eq(integrationRuns.integrationId, integ.id);
        const rows = await tx.select().from(integrationRuns).where(where).orderBy(desc(integrationRuns.id)).limit(query.limit).offset((query.page - 1) * query.limit);
        return {
          data: rows.map((x) => ({ id: x.id, kind: x.kind, status: x.status, code: x.code, counts: x.counts, errors: x.errors, started_at: x.startedAt?.toISOString() ?? null, finished_at: x.finishedAt?.toISOString() ?? null, created_at: x.createdAt.toISOString() })),
          count: await tx.$count(integrationRuns, where),
        };
      }),
  });
  void services;
}

async function emailTaken(tx: Db, entityId: number, email: string, exceptId: number) {
  const rows = await tx.execute(sql`select 1 from users where entity_id = ${entityId} and lower(email) = ${email} and id <> ${exceptId} limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The directory's field names a mapping can name (its adapter knows them; no call is made). */
function directoryFields(integ: IntegrationRow) {
  try {
    return adapterFor(integ.type, {}).fields;
  } catch {
    return integ.type === 'wonde' ? Object.values(WONDE_KINDS) : [];
  }
}
