import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema/index';
import { registerAccount } from '../src/modules/auth';
import { createEntity } from '../src/modules/entity';
import { closeSockets, connected, join, nextEvent, openSocket } from './sockets';
import { issueSession } from '../src/platform/auth/sessions';
import { openDatabase } from '../src/platform/db/client';
import { migrate } from '../src/platform/db/migrate';
import { withTenant } from '../src/platform/db/tenant';
import { freshDatabase, onStop, REDIS_URL, startApi, stopProcesses, unavailable } from './processes';

/**
 * Scale-out (architecture section 1): two API processes on one PostgreSQL database with REDIS_URL. A notice
 * raised by a request to one process reaches a console connected to the other, through the Redis adapter.
 * Skipped, saying why, only when PostgreSQL or Redis cannot be reached.
 */
const reason = await unavailable();
if (reason) console.warn(`Skipping the two-process real-time test: ${reason}`);

afterAll(async () => {
  closeSockets();
  await stopProcesses();
}, 60_000);

describe('two API processes on PostgreSQL and Redis', () => {
  it.skipIf(!!reason)(
    'an event raised in one process reaches a console connected to the other',
    async () => {
      const { name, url: databaseUrl } = await freshDatabase('gh_rt');

      // Migrate once and make an organisation whose owner is the support account (who may change the plan).
      const database = await openDatabase({ databaseUrl, poolSize: 2 });
      onStop(() => database.close());
      await migrate(database);
      const account = (await registerAccount(database.db, { firstName: 'Scale', lastName: 'Owner', email: `${name}@example.test`, password: 'scale-out-password' }))!;
      await database.db.update(accounts).set({ isSupport: true }).where(eq(accounts.id, account.id));
      const created = (await createEntity(database.db, { accountId: account.id, name: 'Scale Out Campus', subdomain: name.replace(/_/g, '-'), plan: 1 }))!;
      const entityId = created.entity.id;
      const { token } = await issueSession(database.db, account.id, entityId);

      const env = { DATABASE_URL: databaseUrl, REDIS_URL, SECRET_KEY: 'scale-test-secret-key-0123456789abcdef' };
      const first = (await startApi(env)).url;
      const second = (await startApi(env)).url;

      const socket = openSocket(second, token);
      await connected(socket);
      expect(await join(socket, entityId)).toEqual({ ok: true });
      const event = nextEvent(socket, 'pongUpdateEntityPlan', 15_000);
      const res = await fetch(`${first}/api/entity/${entityId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 2 }),
      });
      expect(res.status).toBe(200);
      expect(await event).toMatchObject({ entityPlan: 2, action: 'upgrade' });

      // Issue 16 part 4: a member archived through one process leaves the rooms on the other at once.
      const memberAccount = (await registerAccount(database.db, { firstName: 'Scale', lastName: 'Member', email: `member-${name}@example.test`, password: 'scale-out-password' }))!;
      const employeeRole = created.roles.find((r) => r.key === 'employee')!.id;
      const [member] = await withTenant(database.db, entityId, (tx) =>
        tx.insert(users).values({ entityId, accountId: memberAccount.id, roleId: employeeRole, firstName: 'Scale', lastName: 'Member', email: memberAccount.email }).returning(),
      );
      const memberSocket = openSocket(second, (await issueSession(database.db, memberAccount.id, entityId)).token);
      await connected(memberSocket);
      expect(await join(memberSocket, entityId)).toEqual({ ok: true });
      const closed = new Promise((resolve) => memberSocket.once('disconnect', resolve));
      const archive = await fetch(`${first}/api/users_active`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ users: [member.id], status: 'archived' }),
      });
      expect(archive.status).toBe(200);
      expect(await closed).toBe('io server disconnect');
    },
    240_000,
  );
});
