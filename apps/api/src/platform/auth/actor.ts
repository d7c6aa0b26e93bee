import type { EntitySummary, Language, PermissionMap, RoleKey } from '@gatehouse/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { accounts, entities, rolePermissions, roles, sessions, users } from '../../db/schema/index';
import type { Db } from '../db/client';
import { hashToken } from './tokens';

export interface EntityRow {
  id: number;
  name: string;
  subdomain: string;
  logo: string | null;
  package: 'Cloud' | 'Standalone' | null;
  plan: number | null;
  subscription: 'cloud' | 'standalone' | null;
  ownerId: number | null;
  otpRoles: number[];
}

/** Who is calling: the account (passport) and, when the session has a current organisation, the member in it. */
export interface Actor {
  sessionId: number;
  sessionKind: 'console' | 'passport' | 'api';
  accountId: number;
  passportId: string;
  email: string;
  firstName: string;
  lastName: string;
  lang: Language;
  image: string | null;
  otpEnabled: boolean;
  isSupport: boolean;
  passportActive: boolean;
  entityId: number | null;
  entity: EntityRow | null;
  userId: number | null;
  roleId: number | null;
  roleKey: RoleKey | null;
  roleName: string | null;
  allSites: boolean;
  allUserTypes: boolean;
  permissions: PermissionMap;
}

/** An actor known to be a member of its current organisation (tenant routes). */
export type MemberActor = Actor & { entityId: number; entity: EntityRow; userId: number };

export function presentEntity(e: EntityRow): EntitySummary {
  return {
    id: e.id,
    name: e.name,
    subdomain: e.subdomain,
    logo: e.logo,
    package: e.package,
    plan: e.plan,
    subscription: e.subscription,
    owner_id: e.ownerId,
    otp_roles: e.otpRoles ?? [],
  };
}

/** Resolves a bearer token: a session, or an organisation's API integration token (`ghe_…`, acting as its owner). */
export async function resolveActor(db: Db, token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  if (token.startsWith('ghe_')) {
    const [row] = await db
      .select({ entityId: entities.id, accountId: users.accountId })
      .from(entities)
      .innerJoin(users, eq(users.id, entities.ownerId))
      .where(eq(entities.clientTokenHash, hashToken(token)))
      .limit(1);
    return row?.accountId ? loadActor(db, { sessionId: 0, kind: 'api', accountId: row.accountId, entityId: row.entityId }) : null;
  }
  const [s] = await db
    .select({ sessionId: sessions.id, kind: sessions.kind, accountId: sessions.accountId, entityId: sessions.entityId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return s ? loadActor(db, s) : null;
}

async function loadActor(db: Db, s: { sessionId: number; kind: 'console' | 'passport' | 'api'; accountId: number; entityId: number | null }): Promise<Actor | null> {
  const [row] = await db
    .select({
      account: accounts,
      userId: users.id,
      roleId: users.roleId,
      allSites: users.allSites,
      allUserTypes: users.allUserTypes,
      roleKey: roles.key,
      roleName: roles.name,
      entity: {
        id: entities.id,
        name: entities.name,
        subdomain: entities.subdomain,
        logo: entities.logo,
        package: entities.package,
        plan: entities.plan,
        subscription: entities.subscription,
        ownerId: entities.ownerId,
        otpRoles: entities.otpRoles,
      },
    })
    .from(accounts)
    .leftJoin(entities, eq(entities.id, s.entityId ?? -1))
    .leftJoin(users, and(eq(users.accountId, accounts.id), eq(users.entityId, s.entityId ?? -1), eq(users.status, 'active')))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(accounts.id, s.accountId))
    .limit(1);
  if (!row) return null;
  const a = row.account;
  const member = row.userId != null && row.roleId != null && row.entity?.id != null;
  const permissions: PermissionMap = {};
  if (member) {
    const perms = await db
      .select({ permission: rolePermissions.permission, allowed: rolePermissions.allowed })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, row.roleId!));
    for (const p of perms) permissions[p.permission] = { pivot: { allowed: p.allowed ? 1 : 0 } };
  }
  return {
    sessionId: s.sessionId,
    sessionKind: s.kind,
    accountId: a.id,
    passportId: a.passportId,
    email: a.email,
    firstName: a.firstName,
    lastName: a.lastName,
    lang: a.lang,
    image: a.image,
    otpEnabled: a.otpEnabled,
    isSupport: a.isSupport,
    passportActive: a.isActive,
    entityId: member ? row.entity!.id : null,
    entity: member ? (row.entity as EntityRow) : null,
    userId: member ? row.userId : null,
    roleId: member ? row.roleId : null,
    roleKey: member ? (row.roleKey as RoleKey) : null,
    roleName: member ? row.roleName : null,
    allSites: member ? !!row.allSites : false,
    allUserTypes: member ? !!row.allUserTypes : false,
    permissions,
  };
}
