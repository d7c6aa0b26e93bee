import type { RegistrationMethod } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { areas, complianceVersions, compliances, sections, sites, userSites, userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { TestApp } from '../../../test/harness';
import type { Org } from '../../../test/factories';

/** Rows of other areas' tables that journey and compliance tests need (inserted directly, as those areas own them). */
export function fixtures(h: TestApp, org: Org) {
  const db = h.services.database.db;
  const run = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(db, org.entityId, fn);
  return {
    site: async (name = 'Main building') => (await run((tx) => tx.insert(sites).values({ entityId: org.entityId, name }).returning()))[0],
    userType: async (name = 'Visitor', registrationMethod: RegistrationMethod = 'allowed') =>
      (await run((tx) => tx.insert(userTypes).values({ entityId: org.entityId, name, registrationMethod }).returning()))[0],
    area: async (siteId: number, name: string, journeyId?: number) => (await run((tx) => tx.insert(areas).values({ entityId: org.entityId, siteId, name, journeyId }).returning()))[0],
    person: async (first = 'Ada', last = 'Lovelace', userTypeId?: number, email?: string) =>
      (await run((tx) => tx.insert(users).values({ entityId: org.entityId, firstName: first, lastName: last, userTypeId, email }).returning()))[0],
    visit: async (v: { userId: number; journeyFlowId?: number; areaId?: number; status?: 'expected' | 'signed_in' | 'signed_out' | 'auto_closed' | 'deleted'; expectedAt?: Date }) =>
      (await run((tx) => tx.insert(visits).values({ entityId: org.entityId, ...v }).returning()))[0],
    visitRow: async (id: number) => (await run((tx) => tx.select().from(visits).where(and(eq(visits.id, id), eq(visits.entityId, org.entityId)))))[0],
    /** Limits a member to the given sites (rule 96). */
    limitSites: async (userId: number, siteIds: number[]) =>
      run(async (tx) => {
        await tx.update(users).set({ allSites: false }).where(eq(users.id, userId));
        if (siteIds.length) await tx.insert(userSites).values(siteIds.map((siteId) => ({ entityId: org.entityId, userId, siteId })));
      }),
    section: async (value = 'Vehicle details') => (await run((tx) => tx.insert(sections).values({ entityId: org.entityId, value }).returning()))[0],
    compliance: async (name = 'Health questionnaire') =>
      run(async (tx) => {
        const [c] = await tx.insert(compliances).values({ entityId: org.entityId, name }).returning();
        await tx.insert(complianceVersions).values({
          entityId: org.entityId,
          complianceId: c.id,
          version: 1,
          name,
          questions: [{ id: 'q1', question: 'Do you have a fever?', desired_answer: 'negative' }],
          agreementText: 'I agree',
          statement: 'I confirm',
          protocols: ['eu_dcc'],
          pcrValidDays: 3,
        });
        return c;
      }),
  };
}
