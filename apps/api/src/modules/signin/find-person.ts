import type { SignInOutBody } from '@gatehouse/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { fieldError, notFound } from '../../platform/errors';

/** The person a sign-in names: by user id, e-mail, phone or ID number, in the organisation only. */
export async function findPerson(tx: Db, entityId: number, who: Pick<SignInOutBody, 'user_id' | 'email' | 'phone' | 'id_number'>) {
  let match: SQL;
  if (who.user_id) match = eq(users.id, who.user_id);
  else if (who.email) match = sql`lower(${users.email}) = lower(${who.email})`;
  else if (who.phone) match = eq(users.phone, who.phone);
  else if (who.id_number) match = eq(users.idNumber, who.id_number);
  else throw fieldError('user_id', 'signin.person_required');
  const [person] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, userTypeId: users.userTypeId, status: users.status, lang: users.lang })
    .from(users)
    .where(and(eq(users.entityId, entityId), match))
    .limit(1);
  if (!person) throw notFound('signin.person_not_found');
  if (person.status === 'archived') throw fieldError('user_id', 'signin.person_archived');
  return person;
}
