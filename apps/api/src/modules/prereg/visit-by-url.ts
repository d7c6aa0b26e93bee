import { and, eq } from 'drizzle-orm';
import { accounts, preRegistrationLinks, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem } from '../../platform/db/tenant';
import { AppError, notFound } from '../../platform/errors';
import { hitOrganisation } from './link';
import { linkHash, linkState, reasonMessageKey } from './visit-link';

/** The visit behind a `/c/{visitUrl}` token (any organisation: the token is the credential). 404 when unknown. */
export async function visitByUrl(db: Db, token: string) {
  const [row] = await asSystem(db, (tx) =>
    tx
      .select({ visit: visits, user: users, isImageRequired: preRegistrationLinks.isImageRequired, isComplianceRequired: preRegistrationLinks.isComplianceRequired, passportId: accounts.passportId })
      .from(visits)
      .innerJoin(users, eq(users.id, visits.userId))
      .leftJoin(accounts, eq(accounts.id, users.accountId))
      .leftJoin(preRegistrationLinks, and(eq(preRegistrationLinks.id, visits.preRegistrationLinkId), eq(preRegistrationLinks.entityId, visits.entityId)))
      .where(eq(visits.linkTokenHash, linkHash(token))),
  );
  if (!row) throw notFound();
  await hitOrganisation(db, row.visit.entityId);
  return row;
}
export type VisitByUrl = Awaited<ReturnType<typeof visitByUrl>>;

/** Refuses an expired link (rule 144) with the message of rules 146-148 and the reason as `code` (410 Gone). */
export function assertLinkOpen(row: VisitByUrl, kind: 'confirmation' | 'compliance' = 'confirmation') {
  const reason = linkState(row.visit, kind);
  if (reason) throw new AppError(410, reasonMessageKey(reason, kind), { code: reason });
}
