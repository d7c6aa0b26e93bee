import { scans, visits } from '../../db/schema/index';
import type { Org } from '../../../test/factories';
import { api, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';

/**
 * A small organisation for the report tests: a school in London and an office in Los Angeles, a staff type and a
 * visitor type, and `visit()` writing a closed (or open) visit with its two scans.
 */
export async function reportsOrg(h: TestApp, org: Org) {
  const f = fixtures(h, org);
  const london = await f.site({ name: 'London School', timezone: 'Europe/London' });
  const la = await f.site({ name: 'LA Office', timezone: 'America/Los_Angeles' });
  const hall = await f.area(london.id, { name: 'Hall' });
  const library = await f.area(london.id, { name: 'Library' });
  const lobby = await f.area(la.id, { name: 'Lobby' });
  const staff = await f.userType('Staff');
  const visitor = await f.userType('Visitor');
  const visit = async (
    userId: number,
    area: { id: number; siteId: number },
    from: string,
    to: string | null,
    extra: Partial<typeof visits.$inferInsert> = {},
    method = 'qr',
  ) =>
    f.run(async (tx) => {
      const [v] = await tx
        .insert(visits)
        .values({ entityId: org.entityId, userId, siteId: area.siteId, areaId: area.id, status: to ? 'signed_out' : 'signed_in', signedInAt: new Date(from), signedOutAt: to ? new Date(to) : null, signInMethod: 'kiosk', ...extra })
        .returning();
      await tx.insert(scans).values({ entityId: org.entityId, visitId: v.id, userId, areaId: area.id, direction: 'in', method, at: new Date(from) });
      if (to) await tx.insert(scans).values({ entityId: org.entityId, visitId: v.id, userId, areaId: area.id, direction: 'out', method, at: new Date(to) });
      return v;
    });
  return { f, london, la, hall, library, lobby, staff, visitor, visit, a: api(h.app, org.token) };
}
