import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS, ROLE_KEYS, ROLE_NAMES } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { accounts, entities, rolePermissions, roles, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { audit } from '../../platform/audit';
import { createDefaultRetention } from '../privacy/index';

export interface NewEntity {
  accountId: number;
  name: string;
  subdomain: string;
  package?: 'Cloud' | 'Standalone';
  plan?: number;
  subscription?: 'cloud' | 'standalone';
  isDemo?: boolean;
}

/**
 * Creates an organisation with its four roles and their default permission map, and makes the account its
 * owner with the admin role. Answers null when the subdomain is taken.
 */
export async function createEntity(db: Db, input: NewEntity) {
  const entity = await asSystem(db, async (tx) => {
    const [row] = await tx
      .insert(entities)
      .values({
        name: input.name,
        subdomain: input.subdomain,
        package: input.package ?? 'Cloud',
        plan: input.plan ?? 1,
        subscription: input.subscription ?? (input.package === 'Standalone' ? 'standalone' : 'cloud'),
        isDemo: input.isDemo ?? false,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
  if (!entity) return null;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, input.accountId));
  return withTenant(db, entity.id, async (tx) => {
    const roleRows = await tx
      .insert(roles)
      .values(ROLE_KEYS.map((key) => ({ entityId: entity.id, key, name: ROLE_NAMES[key] })))
      .returning();
    await tx.insert(rolePermissions).values(
      roleRows.flatMap((role) =>
        PERMISSION_KEYS.map((permission) => ({
          entityId: entity.id,
          roleId: role.id,
          permission,
          allowed: DEFAULT_ROLE_PERMISSIONS[role.key as keyof typeof DEFAULT_ROLE_PERMISSIONS].includes(permission),
        })),
      ),
    );
    // Visitors' data and scans are kept 365 days unless the organisation changes it (issue 18).
    await createDefaultRetention(tx, entity.id);
    const admin = roleRows.find((r) => r.key === 'admin')!;
    const [owner] = await tx
      .insert(users)
      .values({
        entityId: entity.id,
        accountId: account.id,
        roleId: admin.id,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        lang: account.lang,
      })
      .returning();
    const [updated] = await tx.update(entities).set({ ownerId: owner.id }).where(eq(entities.id, entity.id)).returning();
    await audit(tx, entity.id, { accountId: account.id, userId: owner.id }, 'create', 'entity', entity.id, { name: input.name, subdomain: input.subdomain });
    return { entity: updated, owner, roles: roleRows };
  });
}
