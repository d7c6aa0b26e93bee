import type { InviteRow } from '@gatehouse/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { roles, sites, userSites, userTypes, users, userUserTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import type { MassResult } from './mass-actions';
import { partitionByAccess } from './policy';

type T = (k: string) => string;
const PHONE = /^\d{1,20}$/;
const PHONE_CODE = /^\+?\d{1,4}$/;

/**
 * Dashboard invitation rows (rules 166, 179): each row needs a role, at least one site, at least one user type, a
 * country code and a phone that no other person uses, all within the actor's own grants (rule 96). Rows that
 * fail are skipped with every reason (rule 100); the others get their phone, site and user-type grants written and
 * are answered as ready, with the role their invitation carries.
 */
export async function prepareInviteRows(tx: Db, actor: MemberActor, rows: InviteRow[], t: T) {
  const e = actor.entityId;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const { allowed, skipped, access } = await partitionByAccess(tx, actor, [...byId.keys()], t);
  const ownRoles = new Set((await tx.select({ id: roles.id }).from(roles).where(eq(roles.entityId, e))).map((r) => r.id));
  const ownSites = new Set((await tx.select({ id: sites.id }).from(sites).where(eq(sites.entityId, e))).map((r) => r.id));
  const ownTypes = new Set((await tx.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.entityId, e))).map((r) => r.id));
  const people = allowed.length ? await tx.select().from(users).where(and(eq(users.entityId, e), inArray(users.id, allowed))) : [];
  const ready: number[] = [];
  const roleFor = new Map<number, number>();
  const phonesInBatch = new Map<string, number>();
  for (const p of people) {
    const row = byId.get(p.id)!;
    const phone = row.phone?.trim() || p.phone || '';
    const code = row.phone_code?.trim() || p.phoneCode || '';
    const reasons: string[] = [];
    if (p.accountId) reasons.push(t('people.already_member'));
    if (!p.email) reasons.push(t('people.no_email'));
    if (!row.role_id) reasons.push(t('people.invite_role_required'));
    else if (!ownRoles.has(row.role_id)) reasons.push(t('people.role_unknown'));
    if (!row.sites?.length) reasons.push(t('people.invite_site_required'));
    else if (row.sites.some((s) => !ownSites.has(s) || (access.sites !== null && !access.sites.has(s)))) reasons.push(t('people.out_of_access'));
    if (!row.user_types?.length) reasons.push(t('people.invite_user_type_required'));
    else if (row.user_types.some((u) => !ownTypes.has(u) || (access.types !== null && !access.types.has(u)))) reasons.push(t('people.out_of_access'));
    if (!phone || !code) reasons.push(t('people.invite_phone_required'));
    else if (!PHONE.test(phone)) reasons.push(t('validation.phone_digits'));
    else if (!PHONE_CODE.test(code)) reasons.push(t('people.phone_code'));
    else {
      const taken = await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, e), eq(users.phone, phone), ne(users.id, p.id))).limit(1);
      const twice = phonesInBatch.get(phone);
      if (taken.length || (twice !== undefined && twice !== p.id)) reasons.push(t('unique.phone'));
    }
    if (reasons.length) {
      skipped.push({ id: p.id, reason: [...new Set(reasons)].join(' ') });
      continue;
    }
    phonesInBatch.set(phone, p.id);
    await tx.update(users).set({ phone, phoneCode: code, allSites: false, allUserTypes: false }).where(and(eq(users.entityId, e), eq(users.id, p.id)));
    await tx.delete(userSites).where(and(eq(userSites.entityId, e), eq(userSites.userId, p.id)));
    await tx.insert(userSites).values([...new Set(row.sites!)].map((siteId) => ({ entityId: e, userId: p.id, siteId })));
    await tx.delete(userUserTypes).where(and(eq(userUserTypes.entityId, e), eq(userUserTypes.userId, p.id)));
    await tx.insert(userUserTypes).values([...new Set(row.user_types!)].map((userTypeId) => ({ entityId: e, userId: p.id, userTypeId })));
    roleFor.set(p.id, row.role_id!);
    ready.push(p.id);
  }
  return { ready, roleFor, skipped: skipped as MassResult['skipped'] };
}
