import { and, eq } from 'drizzle-orm';
import { accounts, journeyFlows, journeys, userTypes, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { asSystem } from '../../platform/db/tenant';
import { AppError, notFound } from '../../platform/errors';
import { preRegFlags } from './flow-rules';
import { hitOrganisation } from './link';
import { linkHash, linkState, reasonMessageKey } from './visit-link';

/**
 * The visit behind a `/c/{visitUrl}` token (any organisation: the token is the credential), with what its flow
 * asks (rule 133: photo, entry conditions). 404 when unknown.
 */
export async function visitByUrl(db: Db, token: string) {
  const [row] = await asSystem(db, (tx) =>
    tx
      .select({ visit: visits, user: users, passportId: accounts.passportId, flow: journeyFlows, journey: journeys, type: userTypes })
      .from(visits)
      .innerJoin(users, eq(users.id, visits.userId))
      .leftJoin(accounts, eq(accounts.id, users.accountId))
      .leftJoin(journeyFlows, and(eq(journeyFlows.id, visits.journeyFlowId), eq(journeyFlows.entityId, visits.entityId)))
      .leftJoin(journeys, eq(journeys.id, journeyFlows.journeyId))
      .leftJoin(userTypes, and(eq(userTypes.id, visits.userTypeId), eq(userTypes.entityId, visits.entityId)))
      .where(eq(visits.linkTokenHash, linkHash(token))),
  );
  if (!row) throw notFound();
  await hitOrganisation(db, row.visit.entityId);
  const flags = row.flow && row.journey && row.type ? preRegFlags(row.journey, { flow: row.flow, type: row.type }) : null;
  return { visit: row.visit, user: row.user, passportId: row.passportId, isImageRequired: flags?.is_image_required === 1, isComplianceRequired: flags?.is_compliance_required === 1 };
}
export type VisitByUrl = Awaited<ReturnType<typeof visitByUrl>>;

/** Refuses an expired link (rule 144) with the message of rules 146-148 and the reason as `code` (410 Gone). */
export function assertLinkOpen(row: VisitByUrl, kind: 'confirmation' | 'compliance' = 'confirmation') {
  const reason = linkState(row.visit, kind);
  if (reason) throw new AppError(410, reasonMessageKey(reason, kind), { code: reason });
}
