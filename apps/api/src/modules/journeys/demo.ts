import { and, asc, eq, ilike } from 'drizzle-orm';
import { complianceVersions, compliances, journeyFlows, journeySites, journeys, sites, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';

/** Finds a user type by name (seeded by the people area when it runs first), or adds it. */
async function userType(tx: Db, entityId: number, name: string) {
  const [found] = await tx.select().from(userTypes).where(and(eq(userTypes.entityId, entityId), ilike(userTypes.name, name)));
  if (found) return found.id;
  const [made] = await tx.insert(userTypes).values({ entityId, name }).returning();
  return made.id;
}

/**
 * A "School reception" journey for visitors, contractors and staff, and a health questionnaire entry condition.
 * Runs after the places and people seeders: it uses their sites and user types when present.
 */
export const seedJourneys: DemoSeeder = async (services, { entityId }) => {
  await withTenant(services.database.db, entityId, async (tx) => {
    let [site] = await tx.select().from(sites).where(eq(sites.entityId, entityId)).orderBy(asc(sites.id)).limit(1);
    if (!site) [site] = await tx.insert(sites).values({ entityId, name: 'Main building', timezone: 'Europe/London' }).returning();
    const [health] = await tx.insert(compliances).values({ entityId, name: 'Health questionnaire', version: 1 }).returning();
    await tx.insert(complianceVersions).values({
      entityId,
      complianceId: health.id,
      version: 1,
      name: 'Health questionnaire',
      questions: [
        { id: 'symptoms', question: 'Do you have a fever, a new cough or a loss of taste or smell?', desired_answer: 'negative' },
        { id: 'contact', question: 'Have you been in contact with anyone with an infectious illness in the last 5 days?', desired_answer: 'negative' },
        { id: 'safeguarding', question: "Have you read the school's safeguarding leaflet?", desired_answer: 'positive' },
      ],
      agreementText: 'I will follow the instructions of school staff and wear my visitor badge at all times.',
      statement: 'I confirm that my answers are true.',
      protocols: ['eu_dcc', 'nhs', 'smart_health_card'],
      acceptNegativePcr: true,
      pcrValidDays: 3,
    });
    const [journey] = await tx
      .insert(journeys)
      .values({
        entityId,
        name: 'School reception',
        description: 'Sign-in at the main reception: visitors, contractors and staff.',
        touchMode: true,
        instructionScreen: 'Welcome to Northfield Academy. Please sign in and wait at reception for your host.',
        nameMatching: 'quick',
        printBadge: true,
        temperatureCheck: true,
        temperatureThreshold: 37.8,
      })
      .returning();
    await tx.insert(journeySites).values({ entityId, journeyId: journey.id, siteId: site.id });
    const [visitor, contractor, staff] = [await userType(tx, entityId, 'Visitor'), await userType(tx, entityId, 'Contractor'), await userType(tx, entityId, 'Staff')];
    await tx.insert(journeyFlows).values([
      {
        entityId, journeyId: journey.id, userTypeId: visitor, name: 'Visitors', description: 'Parents, guests and inspectors', inputMethod: 'qr',
        complianceId: health.id, complianceFrequency: 'daily', sendBeforeVisitMinutes: 60, reminderIntervalMinutes: 30,
        hostRequired: true, allowNoHost: false, hostUserTypeIds: [staff], printBadge: true, notificationEmails: 'reception@northfield.example',
      },
      {
        entityId, journeyId: journey.id, userTypeId: contractor, name: 'Contractors', description: 'Maintenance and deliveries', inputMethod: 'manual',
        complianceId: health.id, complianceFrequency: 'weekly', sendBeforeVisitMinutes: 120, reminderIntervalMinutes: 60,
        hostRequired: true, allowNoHost: true, hostUserTypeIds: [staff], printBadge: true, maskCheck: true,
      },
      { entityId, journeyId: journey.id, userTypeId: staff, name: 'Staff', description: 'Teachers and support staff', inputMethod: 'rfid', rfidScan: true, doorRelay: true },
    ]);
  });
};
