import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { accounts, entities } from '../../db/schema/index';
import type { Services } from '../../platform/services';
import { registerAccount } from '../auth';
import { createEntity } from '../entity';
import { demoSeeders } from './seeders';

/**
 * First start on an empty database: the admin account (ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password)
 * and, unless DEMO_DATA=0, a demo organisation with realistic sample data owned by that admin. Answers the
 * generated credentials, which the caller prints last (`credentialsBox`), or null.
 */
export async function seedOnFirstStart(services: Services, log: (line: string) => void): Promise<{ email: string; password: string } | null> {
  const db = services.database.db;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if (n > 0) return null;
  const email = services.config.adminEmail ?? 'admin@gatehouse.local';
  const generated = !services.config.adminPassword;
  const password = services.config.adminPassword ?? randomBytes(12).toString('base64url');
  const account = await registerAccount(db, { firstName: 'Site', lastName: 'Administrator', email, password });
  if (!account) return null;
  const credentials = generated ? { email, password } : null;
  if (!services.config.demoData) return credentials;
  const created = await createEntity(db, { accountId: account.id, name: 'Northfield Academy', subdomain: 'northfield', package: 'Cloud', plan: 3, isDemo: true });
  if (!created) return credentials;
  for (const seed of demoSeeders) await seed(services, { entityId: created.entity.id, ownerUserId: created.owner.id, roles: created.roles });
  log(`Demo organisation "${created.entity.name}" created (DEMO_DATA=0 turns this off).`);
  await db.update(entities).set({ updatedAt: sql`now()` }).where(eq(entities.id, created.entity.id));
  return credentials;
}
