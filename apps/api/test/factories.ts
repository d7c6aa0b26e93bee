import { randomUUID } from 'node:crypto';
import { DEFAULT_ROLE_PERMISSIONS, type RoleKey } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { accounts, rolePermissions, roles, users } from '../src/db/schema/index';
import { registerAccount } from '../src/modules/auth';
import { createEntity } from '../src/modules/entity';
import { hashPassword } from '../src/platform/auth/passwords';
import { issueSession } from '../src/platform/auth/sessions';
import { withTenant } from '../src/platform/db/tenant';
import type { TestApp } from './harness';

export const PASSWORD = 'correct-horse-battery';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));
export const uniq = (prefix = 'x') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;

export interface Org {
  entityId: number;
  subdomain: string;
  /** The owner: an admin. */
  token: string;
  accountId: number;
  userId: number;
  email: string;
  roles: Record<RoleKey, number>;
}

export async function createAccount(h: TestApp, opts: { email?: string; firstName?: string; lastName?: string } = {}) {
  const email = opts.email ?? `${uniq('user')}@example.test`;
  const account = await registerAccount(h.services.database.db, {
    email,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? 'Person',
    passwordHash: await passwordHash(),
  });
  return account!;
}

/** A fresh organisation with its owner signed in (every test makes its own). */
export async function createOrg(h: TestApp, opts: { plan?: number; package?: 'Cloud' | 'Standalone'; name?: string } = {}): Promise<Org> {
  const account = await createAccount(h);
  const subdomain = uniq('org');
  const created = (await createEntity(h.services.database.db, { accountId: account.id, name: opts.name ?? `Org ${subdomain}`, subdomain, plan: opts.plan ?? 3, package: opts.package ?? 'Cloud' }))!;
  const { token } = await issueSession(h.services.database.db, account.id, created.entity.id);
  const roleIds = Object.fromEntries(created.roles.map((r) => [r.key, r.id])) as Record<RoleKey, number>;
  return { entityId: created.entity.id, subdomain, token, accountId: account.id, userId: created.owner.id, email: account.email, roles: roleIds };
}

/** Another signed-in member of `org` with the given role (default permissions of rule 90's map). */
export async function createMember(h: TestApp, org: Org, role: RoleKey = 'employee') {
  const account = await createAccount(h);
  const db = h.services.database.db;
  const [user] = await withTenant(db, org.entityId, (tx) =>
    tx.insert(users).values({ entityId: org.entityId, accountId: account.id, roleId: org.roles[role], firstName: 'Member', lastName: role, email: account.email }).returning(),
  );
  const { token } = await issueSession(db, account.id, org.entityId);
  return { token, accountId: account.id, userId: user.id, email: account.email };
}

/** Sets one permission of a role in an organisation (to test 403s). */
export async function setPermission(h: TestApp, org: Org, role: RoleKey, permission: string, allowed: boolean) {
  await withTenant(h.services.database.db, org.entityId, (tx) =>
    tx
      .update(rolePermissions)
      .set({ allowed })
      .where(and(eq(rolePermissions.roleId, org.roles[role]), eq(rolePermissions.permission, permission))),
  );
}

/** A member whose role has no permissions at all: every permission-gated call answers 403. */
export async function createPowerless(h: TestApp, org: Org) {
  const db = h.services.database.db;
  const [role] = await withTenant(db, org.entityId, (tx) => tx.insert(roles).values({ entityId: org.entityId, key: uniq('none'), name: 'no permissions' }).returning());
  const account = await createAccount(h);
  await withTenant(db, org.entityId, (tx) =>
    tx.insert(users).values({ entityId: org.entityId, accountId: account.id, roleId: role.id, firstName: 'No', lastName: 'Permissions', email: account.email }),
  );
  const { token } = await issueSession(db, account.id, org.entityId);
  return { token };
}

export async function makeSupport(h: TestApp, accountId: number) {
  await h.services.database.db.update(accounts).set({ isSupport: true }).where(eq(accounts.id, accountId));
}

export { DEFAULT_ROLE_PERMISSIONS };

/**
 * A two-step code the server has not seen yet, as 30 seconds passing would give: forgets the account's last
 * accepted time step (a code is accepted once), then answers the current code. For tests that log in repeatedly.
 */
export async function freshOtp(h: TestApp, accountId: number, secret: string) {
  await h.services.database.db.update(accounts).set({ otpLastStep: null }).where(eq(accounts.id, accountId));
  const { generate } = await import('otplib');
  return generate({ secret });
}
