import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { zEntityUpdateBody } from '@gatehouse/contract';
import { entities, roles } from '../../db/schema/index';
import { badRequest, forbidden } from '../../platform/errors';
import type { MemberActor } from '../../platform/auth/actor';
import type { Ctx } from '../../platform/http/route';

type Body = z.output<typeof zEntityUpdateBody>;

/**
 * Updates company details (rule 293). Package and plan changes are the technical support account's (rules 7, 11)
 * and raise the package notices; a two-step policy change raises "Security Policy Updated" (rule 73).
 */
/** Package, plan and subscription changes are the technical support account's (rules 7, 11). */
export function assertMayChangePackage(actor: MemberActor, body: Body) {
  const before = actor.entity;
  const changesPackage = (body.package && body.package !== before.package) || (body.plan && body.plan !== before.plan) || (body.subscription && body.subscription !== before.subscription);
  if (changesPackage && !actor.isSupport) throw forbidden('entity.package_support_only');
}

export async function updateEntity(ctx: Ctx<'tenant', never, never, never>, body: Body, logo?: string) {
  const { actor, tenant, audit, emit } = ctx;
  const before = actor.entity;
  assertMayChangePackage(actor, body);
  return tenant(async (tx) => {
    if (body.otp_roles?.length) {
      const known = await tx.select({ id: roles.id }).from(roles).where(eq(roles.entityId, actor.entityId));
      const ids = new Set(known.map((r) => r.id));
      if (body.otp_roles.some((id) => !ids.has(id))) throw badRequest({ otp_roles: ['errors.not_found'] });
    }
    const [row] = await tx
      .update(entities)
      .set({
        name: body.name,
        subdomain: body.subdomain,
        package: body.package,
        plan: body.plan,
        subscription: body.subscription ?? (body.package ? (body.package === 'Cloud' ? 'cloud' : 'standalone') : undefined),
        otpRoles: body.otp_roles,
        logo: logo ?? (body.remove_logo ? null : undefined),
        updatedAt: sql`now()`,
      })
      .where(eq(entities.id, actor.entityId))
      .returning();
    await audit(tx, 'update', 'entity', actor.entityId, { ...body, logo: logo ? 'uploaded' : undefined });
    if (body.package && body.package !== before.package) {
      emit('entity', actor.entityId, 'pongUpdateEntityPackage', {
        entityPlan: row.plan,
        package: row.package,
        action: row.package === 'Cloud' ? 'upgrade' : 'downgrade',
        updated_by: actor.userId,
      });
    } else if (body.plan && body.plan !== before.plan) {
      emit('entity', actor.entityId, 'pongUpdateEntityPlan', {
        entityPlan: row.plan,
        package: row.package,
        action: (row.plan ?? 0) > (before.plan ?? 0) ? 'upgrade' : 'downgrade',
        updated_by: actor.userId,
      });
    }
    if (body.otp_roles && JSON.stringify([...body.otp_roles].sort()) !== JSON.stringify([...(before.otpRoles ?? [])].sort())) {
      emit('entity', actor.entityId, 'updateEntityTwoStepAuth', { entity_id: actor.entityId, updated_by: actor.userId, isOtpEnabled: body.otp_roles.length ? 1 : 0, user_id: null, otp_roles: body.otp_roles });
    }
    return row;
  });
}
