import type { Session, UserDetails } from '@gatehouse/contract';
import { type Actor, presentEntity } from '../../platform/auth/actor';

export function presentUser(a: Actor): UserDetails {
  return {
    id: a.userId ?? a.accountId,
    user_id: a.accountId,
    email: a.email,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    first_name: a.firstName,
    last_name: a.lastName,
    image: a.image,
    role_id: a.roleId,
    role: a.roleName,
    is_otp_enabled: a.otpEnabled ? 1 : 0,
    passport_id: a.passportId,
    lang: a.lang,
    is_support: a.isSupport ? 1 : 0,
  };
}

/** What login answers and the console stores: token, user, entity, permissions, role, plan (rule 78). */
export function presentSession(a: Actor, token: string, expiresAt: Date): Session {
  return {
    token,
    expires_at: expiresAt.toISOString(),
    user: presentUser(a),
    entity: a.entity ? presentEntity(a.entity) : null,
    permissions: a.permissions,
    role: a.roleId ? { id: a.roleId, name: a.roleName ?? '' } : null,
    plan: a.entity?.plan ?? null,
  };
}
