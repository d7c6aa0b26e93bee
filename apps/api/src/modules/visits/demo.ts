import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { areas, journeyFlows, journeys, preRegistrationLinks, sites, userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';
import { linkExpiry, linkHash, linkToken, newLinkNonce } from './visit-link';
import { zonedToUtc } from '../../platform/time-zone';

const VISITORS = [
  { firstName: 'Grace', lastName: 'Okafor', company: 'Brightside Catering', day: 0, time: '09:30:00', approval: 'not_required' },
  { firstName: 'Tomás', lastName: 'Herrera', company: 'Herrera Electrical', day: 0, time: '11:00:00', approval: 'pending' },
  { firstName: 'Layla', lastName: 'Haddad', company: 'County Schools Inspectorate', day: 0, time: '14:15:00', approval: 'approved' },
  { firstName: 'Peter', lastName: 'Lindqvist', company: 'Lindqvist Books', day: 1, time: '10:00:00', approval: 'not_required' },
  { firstName: 'Amina', lastName: 'Yusuf', company: 'Parent volunteer', day: 1, time: '15:30:00', approval: 'pending' },
] as const;

/**
 * Expected visitors for today and tomorrow at the demo organisation's first site and area (made here when the
 * places and journeys seeders have not), plus a shareable pre-registration link.
 */
export const seedExpectedVisitors: DemoSeeder = async (services, ctx) => {
  const e = ctx.entityId;
  await withTenant(services.database.db, e, async (tx) => {
    let [site] = await tx.select().from(sites).where(eq(sites.entityId, e)).limit(1);
    site ??= (await tx.insert(sites).values({ entityId: e, name: 'Northfield Academy – Main Building', timezone: 'Europe/London' }).returning())[0];
    let [journey] = await tx.select().from(journeys).where(eq(journeys.entityId, e)).limit(1);
    journey ??= (await tx.insert(journeys).values({ entityId: e, name: 'Visitors and contractors' }).returning())[0];
    let [area] = await tx.select().from(areas).where(and(eq(areas.entityId, e), eq(areas.siteId, site.id))).limit(1);
    area ??= (await tx.insert(areas).values({ entityId: e, siteId: site.id, name: 'Main Reception', journeyId: journey.id }).returning())[0];
    let [visitor] = await tx.select().from(userTypes).where(and(eq(userTypes.entityId, e), eq(userTypes.name, 'Visitor'))).limit(1);
    visitor ??= (await tx.insert(userTypes).values({ entityId: e, name: 'Visitor' }).returning())[0];
    let [contractor] = await tx.select().from(userTypes).where(and(eq(userTypes.entityId, e), eq(userTypes.name, 'Contractor'))).limit(1);
    contractor ??= (await tx.insert(userTypes).values({ entityId: e, name: 'Contractor' }).returning())[0];
    const flows = await tx.select().from(journeyFlows).where(and(eq(journeyFlows.entityId, e), eq(journeyFlows.journeyId, journey.id)));
    const flowOf = async (userTypeId: number) =>
      flows.find((f) => f.userTypeId === userTypeId) ?? (await tx.insert(journeyFlows).values({ entityId: e, journeyId: journey.id, userTypeId, name: 'Pre-registration' }).returning())[0];
    const flowByType = new Map([
      [visitor.id, await flowOf(visitor.id)],
      [contractor.id, await flowOf(contractor.id)],
    ]);
    // One link for the whole journey: the visitor chooses among its flows' user types (docs/pre-registration.md).
    const [link] = await tx
      .insert(preRegistrationLinks)
      .values({ entityId: e, code: randomBytes(24).toString('base64url'), journeyId: journey.id, areaId: area.id, createdBy: ctx.ownerUserId })
      .returning();
    for (const [i, v] of VISITORS.entries()) {
      const date = new Date(Date.now() + v.day * 86_400_000).toISOString().slice(0, 10);
      const [person] = await tx
        .insert(users)
        .values({ entityId: e, userTypeId: v.approval === 'pending' ? contractor.id : visitor.id, firstName: v.firstName, lastName: v.lastName, email: `${v.firstName.toLowerCase().replace(/[^a-z]/g, '')}.${v.lastName.toLowerCase()}@example.org`, phone: `0770090${1000 + i}`, companyName: v.company })
        .returning();
      const expectedAt = zonedToUtc(date, v.time, site.timezone);
      const nonce = newLinkNonce();
      const [row] = await tx
        .insert(visits)
        .values({
          entityId: e,
          userId: person.id,
          siteId: site.id,
          areaId: area.id,
          userTypeId: person.userTypeId,
          journeyFlowId: flowByType.get(person.userTypeId!)!.id,
          hostUserId: ctx.ownerUserId,
          expectedAt,
          visitDate: date,
          visitTime: v.time,
          registrationMethod: v.approval === 'not_required' ? 'by_admin' : 'approval_required',
          journeyStage: v.approval === 'pending' ? 'awaiting_admin_approval' : v.approval === 'approved' ? 'approved_by_admin' : 'ready_to_sign_in',
          approvalState: v.approval,
          linkNonce: nonce,
          linkTokenHash: `pending-${nonce}`,
          linkExpiresAt: linkExpiry(expectedAt, v.approval === 'pending' ? contractor.gracePeriod : visitor.gracePeriod),
          companyName: v.company,
          preRegistrationLinkId: link.id,
          createdBy: ctx.ownerUserId,
        })
        .returning({ id: visits.id });
      await tx.update(visits).set({ linkTokenHash: linkHash(linkToken(services.config.secretKey, row.id, nonce)) }).where(eq(visits.id, row.id));
    }
  });
};
