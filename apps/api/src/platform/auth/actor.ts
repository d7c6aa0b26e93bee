import type { EntitySummary, Language, PermissionMap, RoleKey } from '@gatehouse/contract';
import type { Db } from '../db/client';
import { runPrepared, statement } from '../db/prepared';
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

/** The session (or API token) with its account, organisation, member, role and permission map; $1 the token's hash. */
const actorStatement = (source: string) =>
  statement(`
    select s.session_id, s.kind, a.id as account_id, a.passport_id, a.email, a.first_name, a.last_name, a.lang, a.image,
           a.otp_enabled, a.is_support, a.is_active, u.id as user_id, u.role_id, u.all_sites, u.all_user_types,
           r.key as role_key, r.name as role_name, e.id as e_id, e.name as e_name, e.subdomain as e_subdomain,
           e.logo as e_logo, e.package as e_package, e.plan as e_plan, e.subscription as e_subscription,
           e.owner_id as e_owner_id, e.otp_roles as e_otp_roles,
           (select json_object_agg(rp.permission, rp.allowed) from role_permissions rp where rp.role_id = u.role_id) as permissions
    from (${source}) s
    join accounts a on a.id = s.account_id
    left join entities e on e.id = s.entity_id
    left join users u on u.account_id = a.id and u.entity_id = s.entity_id and u.status = 'active'
    left join roles r on r.id = u.role_id
    limit 1`);
const BY_SESSION = actorStatement(`select id as session_id, kind, account_id, entity_id from sessions where token_hash = $1 and expires_at > now() limit 1`);
const BY_API_TOKEN = actorStatement(`select 0 as session_id, 'api' as kind, o.account_id, e.id as entity_id
    from entities e join users o on o.id = e.owner_id where e.client_token_hash = $1 limit 1`);

/**
 * Resolves a bearer token: a session, or an organisation's API integration token (`ghe_…`, acting as its owner).
 * One round trip: the session (or token), its account, the current organisation, the member, the role and the
 * role's permission map are read by a single query (every authenticated request pays for it).
 */
export async function resolveActor(db: Db, token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const [row] = await runPrepared<ActorRow>(db, token.startsWith('ghe_') ? BY_API_TOKEN : BY_SESSION, [hash]);
  if (!row) return null;
  const member = row.user_id != null && row.role_id != null && row.e_id != null;
  const permissions: PermissionMap = {};
  if (member && row.permissions) {
    const map = typeof row.permissions === 'string' ? (JSON.parse(row.permissions) as Record<string, boolean>) : row.permissions;
    for (const [permission, allowed] of Object.entries(map)) permissions[permission] = { pivot: { allowed: allowed ? 1 : 0 } };
  }
  const entity: EntityRow | null = member
    ? {
        id: row.e_id!,
        name: row.e_name!,
        subdomain: row.e_subdomain!,
        logo: row.e_logo,
        package: row.e_package,
        plan: row.e_plan,
        subscription: row.e_subscription,
        ownerId: row.e_owner_id,
        otpRoles: parseJson<number[]>(row.e_otp_roles) ?? [],
      }
    : null;
  return {
    sessionId: row.session_id,
    sessionKind: row.kind,
    accountId: row.account_id,
    passportId: row.passport_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    lang: row.lang,
    image: row.image,
    otpEnabled: row.otp_enabled,
    isSupport: row.is_support,
    passportActive: row.is_active,
    entityId: member ? row.e_id : null,
    entity,
    userId: member ? row.user_id : null,
    roleId: member ? row.role_id : null,
    roleKey: member ? row.role_key : null,
    roleName: member ? row.role_name : null,
    allSites: member ? !!row.all_sites : false,
    allUserTypes: member ? !!row.all_user_types : false,
    permissions,
  };
}

const parseJson = <T>(v: unknown): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T) ?? null));

interface ActorRow extends Record<string, unknown> {
  session_id: number;
  kind: Actor['sessionKind'];
  account_id: number;
  passport_id: string;
  email: string;
  first_name: string;
  last_name: string;
  lang: Language;
  image: string | null;
  otp_enabled: boolean;
  is_support: boolean;
  is_active: boolean;
  user_id: number | null;
  role_id: number | null;
  all_sites: boolean | null;
  all_user_types: boolean | null;
  role_key: RoleKey | null;
  role_name: string | null;
  e_id: number | null;
  e_name: string | null;
  e_subdomain: string | null;
  e_logo: string | null;
  e_package: EntityRow['package'];
  e_plan: number | null;
  e_subscription: EntityRow['subscription'];
  e_owner_id: number | null;
  e_otp_roles: unknown;
  permissions: Record<string, boolean> | string | null;
}
