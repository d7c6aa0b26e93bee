import { and, eq, gt, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { LinkKind } from '../../platform/auth/link-caller';
import { hashToken } from '../../platform/auth/tokens';
import { asSystem } from '../../platform/db/tenant';
import { notFound } from '../../platform/errors';

type Person = typeof users.$inferSelect;

/**
 * A person's RFID enrolment link (`/rfid/{code}`, mailed by `send_rfid_instructions`), for `access: 'link'`
 * routes: unknown, used or expired answers 404 with its message before the handler runs (rule 172).
 */
export const RFID_LINK: LinkKind<Person> = {
  name: 'rfid',
  async resolve(services, token) {
    const [person] = await asSystem(services.database.db, (tx) =>
      tx.select().from(users).where(and(eq(users.rfidCodeHash, hashToken(token)), gt(users.rfidCodeExpiresAt, sql`now()`))).limit(1),
    );
    if (!person) throw notFound('people.rfid_link_invalid');
    return { entityId: person.entityId, data: person };
  },
};
