import type { Entity } from '@gatehouse/contract';
import type { entities } from '../../db/schema/index';

export function presentEntityFull(e: typeof entities.$inferSelect): Entity {
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
    has_client_token: e.clientTokenHash ? 1 : 0,
    created_at: e.createdAt.toISOString(),
  };
}
