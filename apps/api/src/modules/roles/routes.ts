import { PERMISSION_KEYS, type PermissionKey, zFlag, zId, zMessage, zRoleChangeDetails, zRolePermissionsAnswer } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { rolePermissions, roles, users } from '../../db/schema/index';
import { forbidden, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { roleNotice } from './role-notice';

const zPermissionMapBody = z.object({
  permissions: z.partialRecord(z.enum(PERMISSION_KEYS), z.union([zFlag, z.boolean()])).refine((m) => Object.keys(m).length > 0, 'validation.required'),
});

export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/role_permissions/{roleId}',
    summary: "A role's permission map (rule 90)",
    tags: ['roles'],
    permission: 'company_details',
    params: z.object({ roleId: zId }),
    response: zRolePermissionsAnswer,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const [role] = await tx.select().from(roles).where(and(eq(roles.entityId, actor.entityId), eq(roles.id, params.roleId)));
        if (!role) throw notFound();
        const rows = await tx.select().from(rolePermissions).where(and(eq(rolePermissions.entityId, actor.entityId), eq(rolePermissions.roleId, role.id)));
        const permissions = Object.fromEntries(rows.map((p) => [p.permission, { pivot: { allowed: (p.allowed ? 1 : 0) as 0 | 1 } }]));
        return { data: { id: role.id, key: role.key, name: role.name, permissions } };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/role_permissions/{roleId}',
    summary: "Change a role's permissions; every member with the role is told live (rules 66-68)",
    tags: ['roles'],
    permission: 'company_details',
    // Only administrators change the permission map (no escalation).
    adminOnly: true,
    params: z.object({ roleId: zId }),
    body: zPermissionMapBody,
    response: zMessage,
    handler: async ({ actor, params, body, tenant, emit, endMembership, audit, t }) => {
      // Never their own role's (no lock-out).
      if (params.roleId === actor.roleId) throw forbidden('roles.own_role');
      await tenant(async (tx) => {
        const [role] = await tx.select().from(roles).where(and(eq(roles.entityId, actor.entityId), eq(roles.id, params.roleId)));
        if (!role) throw notFound();
        for (const [permission, allowed] of Object.entries(body.permissions) as [PermissionKey, 0 | 1 | boolean][]) {
          await tx
            .insert(rolePermissions)
            .values({ entityId: actor.entityId, roleId: role.id, permission, allowed: !!allowed })
            .onConflictDoUpdate({ target: [rolePermissions.roleId, rolePermissions.permission], set: { allowed: !!allowed } });
        }
        await audit(tx, 'update', 'role_permissions', role.id, body.permissions);
        const members = await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, actor.entityId), eq(users.roleId, role.id)));
        for (const m of members) {
          const notice = await roleNotice(tx, actor.entityId, m.id, role.id, actor.userId);
          if (notice) emit('user', m.id, 'pongUpdateUserRole', notice);
        }
        // After the notice, their sockets join again with what the role now allows (issue 16 part 4).
        endMembership(members.map((m) => m.id));
      });
      return { message: t('roles.updated') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/role_change_details',
    summary: 'After a role change: the sites and user types the person is granted (rule 69)',
    tags: ['roles'],
    standalone: true,
    body: z.object({ entity_id: zId, user_id: zId }),
    response: zRoleChangeDetails,
    handler: ({ actor, body, tenant }) =>
      tenant(async (tx) => {
        // A person asks about themselves; an administrator may ask about anyone of the organisation.
        if (body.user_id !== actor.userId && actor.roleKey !== 'admin') throw notFound();
        const notice = await roleNotice(tx, actor.entityId, body.user_id, null, actor.userId);
        if (!notice) throw notFound();
        return { data: { siteNames: notice.siteNames, userTypeNames: notice.userTypeNames, role: notice.newRole } };
      }),
  });
});
