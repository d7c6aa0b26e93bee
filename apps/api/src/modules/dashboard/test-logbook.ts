import { eq } from 'drizzle-orm';
import { scans, users, userSites } from '../../db/schema/index';
import { createMember, type Org } from '../../../test/factories';
import { api, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';

/** Two sites, a staff and a visitor type, four people and a few days of scans written directly. */
export async function logbook(h: TestApp, org: Org) {
  const f = fixtures(h, org);
  const school = await f.site({ name: 'North School' });
  const office = await f.site({ name: 'City Office', timezone: 'America/New_York' });
  const hall = await f.area(school.id, { name: 'Main Hall' });
  const lobby = await f.area(office.id, { name: 'Lobby' });
  const staff = await f.userType('Staff');
  const visitor = await f.userType('Visitor');
  const ana = await f.person({ firstName: 'Ana', lastName: 'Garcia', userTypeId: staff.id });
  const ben = await f.person({ firstName: 'Ben', lastName: 'Okafor', userTypeId: visitor.id });
  const rows: (typeof scans.$inferInsert)[] = [
    { entityId: org.entityId, userId: ana.id, areaId: hall.id, direction: 'in', method: 'qr', at: new Date('2026-03-02T08:00:00Z') },
    { entityId: org.entityId, userId: ana.id, areaId: hall.id, direction: 'out', method: 'qr', at: new Date('2026-03-02T16:00:00Z') },
    { entityId: org.entityId, userId: ben.id, areaId: lobby.id, direction: 'in', method: 'name', at: new Date('2026-03-02T14:00:00Z') },
    { entityId: org.entityId, userId: ben.id, areaId: lobby.id, direction: 'out', method: 'auto_midnight', at: new Date('2026-03-03T05:00:00Z') },
    { entityId: org.entityId, userId: ana.id, areaId: hall.id, direction: 'in', method: 'rfid', at: new Date('2026-03-03T08:10:00Z') },
  ];
  const inserted = await f.run((tx) => tx.insert(scans).values(rows).returning());
  return { f, school, office, hall, lobby, staff, visitor, ana, ben, scans: inserted, a: api(h.app, org.token) };
}

/** An employee who sees only the given site (rule 96). */
export async function siteLimitedMember(h: TestApp, org: Org, siteId: number) {
  const member = await createMember(h, org, 'employee');
  await fixtures(h, org).run(async (tx) => {
    await tx.update(users).set({ allSites: false }).where(eq(users.id, member.userId));
    await tx.insert(userSites).values({ entityId: org.entityId, userId: member.userId, siteId });
  });
  return member;
}
