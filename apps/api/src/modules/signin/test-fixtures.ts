import { and, eq } from 'drizzle-orm';
import {
  areaCompliances,
  areaDocumentTypes,
  attendanceCodes,
  attendanceModes,
  areas,
  complianceUsers,
  complianceVersions,
  compliances,
  documentTypes,
  journeyFlows,
  journeys,
  kiosks,
  reasons,
  scans,
  sites,
  userAttendanceModes,
  userDocuments,
  users,
  userTypes,
} from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Org } from '../../../test/factories';
import { uniq } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';

/** Rows the sign-in tests need from other areas' tables, inserted directly (only their existing columns). */
export function fixtures(h: TestApp, org: Org) {
  const db = h.services.database.db;
  const run = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(db, org.entityId, fn);
  const e = org.entityId;
  return {
    site: async (opts: { timezone?: string; name?: string } = {}) =>
      (await run((tx) => tx.insert(sites).values({ entityId: e, name: opts.name ?? uniq('Site '), timezone: opts.timezone ?? 'UTC' }).returning()))[0],
    area: async (siteId: number, opts: { autoSignOutMode?: 'none' | 'after_24_hours' | 'midnight'; name?: string } = {}) =>
      (await run((tx) => tx.insert(areas).values({ entityId: e, siteId, name: opts.name ?? uniq('Area '), autoSignOutMode: opts.autoSignOutMode ?? 'none' }).returning()))[0],
    kiosk: async (siteId: number, areaId: number, journeyId: number | null = null) =>
      (await run((tx) => tx.insert(kiosks).values({ entityId: e, siteId, areaId, journeyId, name: uniq('Kiosk ') }).returning()))[0],
    /** A journey with a temperature check at `threshold` (null: no check), set on the area when given. */
    temperatureJourney: async (threshold: number | null, areaId?: number) =>
      run(async (tx) => {
        const [j] = await tx.insert(journeys).values({ entityId: e, name: uniq('Journey '), temperatureCheck: threshold !== null, temperatureThreshold: threshold }).returning();
        if (areaId) await tx.update(areas).set({ journeyId: j!.id }).where(eq(areas.id, areaId));
        return j!;
      }),
    userType: async (name = uniq('Type ')) => (await run((tx) => tx.insert(userTypes).values({ entityId: e, name }).returning()))[0],
    person: async (opts: { userTypeId?: number; firstName?: string; lastName?: string; email?: string; status?: 'active' | 'archived' } = {}) =>
      (
        await run((tx) =>
          tx
            .insert(users)
            .values({
              entityId: e,
              firstName: opts.firstName ?? 'Pat',
              lastName: opts.lastName ?? uniq('Person'),
              email: opts.email ?? `${uniq('p')}@example.test`,
              userTypeId: opts.userTypeId,
              status: opts.status ?? 'active',
            })
            .returning(),
        )
      )[0],
    code: async (code = uniq('C')) => (await run((tx) => tx.insert(attendanceCodes).values({ entityId: e, code, name: `Code ${code}` }).returning()))[0],
    mode: async (opts: Partial<typeof attendanceModes.$inferInsert> = {}) =>
      (
        await run((tx) =>
          tx
            .insert(attendanceModes)
            .values({ entityId: e, name: uniq('Mode '), scheduleDays: [1, 2, 3, 4, 5, 6, 7], fromTime: '09:00:00', toTime: '17:00:00', lateSignInGrace: 10, earlySignOutGrace: 15, ...opts })
            .returning(),
        )
      )[0],
    reason: async (modeId: number, opts: Partial<typeof reasons.$inferInsert> = {}) =>
      (
        await run((tx) =>
          tx
            .insert(reasons)
            .values({ entityId: e, attendanceModeId: modeId, name: uniq('R').slice(0, 12), type: 'late_sign_in', fromTime: '09:00:00', toTime: '12:00:00', duration: 30, ...opts })
            .returning(),
        )
      )[0],
    follow: async (userId: number, modeId: number) => run((tx) => tx.insert(userAttendanceModes).values({ entityId: e, userId, attendanceModeId: modeId })),
    /** A journey on the area with one flow for a user type (checks, host settings, entry condition and frequency). */
    flow: async (areaId: number, userTypeId: number, opts: Partial<typeof journeyFlows.$inferInsert> = {}, journey: Partial<typeof journeys.$inferInsert> = {}) =>
      run(async (tx) => {
        const [j] = await tx.insert(journeys).values({ entityId: e, name: uniq('Journey '), ...journey }).returning();
        await tx.update(areas).set({ journeyId: j!.id }).where(eq(areas.id, areaId));
        const [f] = await tx.insert(journeyFlows).values({ entityId: e, journeyId: j!.id, userTypeId, name: uniq('Flow '), ...opts }).returning();
        return { journey: j!, flow: f! };
      }),
    /** An entry condition with one question (passing answer: negative) and its first version. */
    condition: async (name: string, pcrValidDays = 3) =>
      run(async (tx) => {
        const [c] = await tx.insert(compliances).values({ entityId: e, name }).returning();
        const [v] = await tx
          .insert(complianceVersions)
          .values({ entityId: e, complianceId: c!.id, version: 1, name, questions: [{ id: 'fever', question: 'Fever?', desired_answer: 'negative' }], agreementText: 'I agree.', statement: 'True.', protocols: ['eu_dcc'], pcrValidDays })
          .returning();
        return { ...c!, versionId: v!.id };
      }),
    /** A person's answer to an entry condition at a given time (passed or failed), optionally for a visit. */
    answer: async (userId: number, condition: { id: number; versionId: number }, status: 'success' | 'failed', at: Date, visitId?: number) =>
      run((tx) =>
        tx.insert(complianceUsers).values({ entityId: e, userId, complianceId: condition.id, complianceVersionId: condition.versionId, answers: [], isWrong: status === 'failed', status, createdAt: at, visitId }),
      ),
    /** The area asks for these entry conditions and document types. */
    asks: async (areaId: number, opts: { complianceIds?: number[]; documentTypeIds?: number[] }) =>
      run(async (tx) => {
        for (const complianceId of opts.complianceIds ?? []) await tx.insert(areaCompliances).values({ entityId: e, areaId, complianceId });
        for (const documentTypeId of opts.documentTypeIds ?? []) await tx.insert(areaDocumentTypes).values({ entityId: e, areaId, documentTypeId });
      }),
    documentType: async (name = 'Vaccination certificate') => (await run((tx) => tx.insert(documentTypes).values({ entityId: e, key: uniq('doc'), name }).returning()))[0],
    document: async (userId: number, documentTypeId: number, opts: Partial<typeof userDocuments.$inferInsert> = {}) =>
      (await run((tx) => tx.insert(userDocuments).values({ entityId: e, userId, documentTypeId, type: 'covid_vaccine', vaccineStatus: 'vaccinated', ...opts }).returning()))[0],
    /** The person's scans in this organisation. */
    scans: (userId: number) => run((tx) => tx.select().from(scans).where(and(eq(scans.entityId, e), eq(scans.userId, userId)))),
    run,
  };
}
