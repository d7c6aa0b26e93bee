import { DIRECTORY_TYPES, type DirectoryTypeKey } from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { integrationGroups, sites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { reachableSiteIds } from '../sites/index';
import { canUseType, grantedUserTypeIds } from '../user-types/index';
import { DirectoryError } from './adapters/index';
import { WONDE_KINDS } from './adapters/wonde';
import { loadIntegration } from './store';

/** Only admins of the integration's sites can use it (seed 002 §6): every one of its sites must be theirs. */
export async function usableIntegration(tx: Db, actor: MemberActor, id: number) {
  const integ = await loadIntegration(tx, actor.entityId, id);
  const reach = await reachableSiteIds(tx, actor);
  if (reach && integ.siteIds.some((s) => !reach.includes(s))) throw forbidden('errors.forbidden');
  return integ;
}

/** The sites, user types and groups a mapping names exist, are the actor's, and are the directory's (rule 275). */
export async function checkMapping(tx: Db, actor: MemberActor, integrationId: number, type: DirectoryTypeKey, b: { site_ids?: number[]; groups?: { group_id: string; user_type_id: number }[] }) {
  const errors: Record<string, string[]> = {};
  if (b.site_ids) {
    const rows = await tx.select({ id: sites.id }).from(sites).where(and(eq(sites.entityId, actor.entityId), inArray(sites.id, b.site_ids)));
    const reach = await reachableSiteIds(tx, actor);
    if (rows.length !== new Set(b.site_ids).size || (reach && b.site_ids.some((s) => !reach.includes(s)))) errors.site_ids = ['integrations.site_unknown'];
  }
  if (b.groups) {
    const typeIds = [...new Set(b.groups.map((g) => g.user_type_id))];
    const rows = typeIds.length ? await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, actor.entityId), inArray(userTypes.id, typeIds))) : [];
    const granted = await grantedUserTypeIds(tx, actor);
    if (rows.length !== typeIds.length || typeIds.some((t) => !canUseType(granted, t))) errors.groups = ['integrations.user_type_unknown'];
    const known = new Set((await tx.select({ id: integrationGroups.externalId }).from(integrationGroups).where(eq(integrationGroups.integrationId, integrationId))).map((g) => g.id));
    if (type === 'wonde') for (const k of Object.values(WONDE_KINDS)) known.add(k);
    if (b.groups.some((g) => !known.has(g.group_id))) (errors.groups ??= []).push('integrations.group_unknown');
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** A directory's refusal as an answer: 400 with the directory's message under `credentials` (rule 270's code 10). */
export function directoryRefusal(err: unknown): never {
  if (err instanceof DirectoryError) {
    const key = err.kind === 'auth' || err.kind === 'forbidden' ? 'integrations.auth_failed' : 'integrations.unreachable';
    throw new AppError(400, key, { errors: { credentials: [key] }, vars: { detail: err.message.slice(0, 300) } });
  }
  throw err;
}

export const isDirectoryType = (v: string): v is DirectoryTypeKey => (DIRECTORY_TYPES as readonly string[]).includes(v);
