import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, journeyFlows, journeys, userTypes, visits } from '../../db/schema/index';
import { createOrg, type Org, uniq } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { fixtures } from '../signin/testing';

/**
 * Issue 20 part 3: the flow decided once. Which flow a person's user type follows at a kiosk (rule 197: its own,
 * else its nearest parent type's; none: the journey does not sign them) and whether the flow takes walk-ins (not
 * staff, rule 156) is one SQL function (`kiosk_type_flows`, migration 0026). The four callers, the kiosk's
 * configuration, its name search, identify and scan, must answer the same for every type: this test asks each of
 * them about one person per type and compares every answer with one table.
 */

let h: TestApp;
let org: Org;
let f: ReturnType<typeof fixtures>;
let device: Awaited<ReturnType<typeof pairKiosk>>;
let areaId = 0;
const family = uniq('Agree');
type Kind = 'staff' | 'teacher' | 'supply' | 'trainee' | 'visitor' | 'pupil' | 'infant' | 'leaver';
const typeIds = {} as Record<Kind, number>;
const flowIds = { staff: 0, supply: 0, visitor: 0 };
/** The flow each type follows here (null: none), and whether that flow asks a quick pass code with a name (not `manual`). */
let expected: Record<Kind, { flow: number | null; quickPass: 0 | 1 }>;
/** Each flow of the journey: its own user type and whether it takes walk-ins. */
let flowsExpected: { id: number; userType: number; walkIn: 0 | 1 }[];

beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  f = fixtures(h, org);
  const site = await makeSite(h, org);
  areaId = (await makeArea(h, org, site.id)).id;
  await f.run(async (tx) => {
    const e = org.entityId;
    const type = async (name: string, values: Partial<typeof userTypes.$inferInsert> = {}) =>
      (await tx.insert(userTypes).values({ entityId: e, name: uniq(name), ...values }).returning())[0].id;
    // Staff (a staff type) > Teacher > Supply teacher (its own flow) > Trainee; Visitor; Pupil (no flow) > Infant.
    typeIds.staff = await type('Staff', { isStaff: true, registrationMethod: 'not_required' });
    typeIds.teacher = await type('Teacher', { parentId: typeIds.staff, isStaff: true });
    typeIds.supply = await type('Supply', { parentId: typeIds.teacher });
    typeIds.trainee = await type('Trainee', { parentId: typeIds.supply });
    typeIds.visitor = await type('Visitor', { registrationMethod: 'approval_required' });
    typeIds.pupil = await type('Pupil', { registrationMethod: 'by_admin' });
    typeIds.infant = await type('Infant', { parentId: typeIds.pupil });
    // A type deleted after its flow was made: the flow stays without a type, its people without one (set null).
    typeIds.leaver = await type('Leaver');
    const [j] = await tx.insert(journeys).values({ entityId: e, name: uniq('Front door') }).returning();
    const flow = async (name: string, userTypeId: number, inputMethod: string) =>
      (await tx.insert(journeyFlows).values({ entityId: e, journeyId: j.id, userTypeId, name, inputMethod }).returning())[0].id;
    flowIds.staff = await flow('Staff', typeIds.staff, 'rfid');
    flowIds.supply = await flow('Supply', typeIds.supply, 'manual');
    flowIds.visitor = await flow('Visitors', typeIds.visitor, 'manual');
    await flow('Leavers', typeIds.leaver, 'manual');
    await tx.update(areas).set({ journeyId: j.id }).where(eq(areas.id, areaId));
  });
  expected = {
    staff: { flow: flowIds.staff, quickPass: 1 },
    teacher: { flow: flowIds.staff, quickPass: 1 },
    supply: { flow: flowIds.supply, quickPass: 0 },
    trainee: { flow: flowIds.supply, quickPass: 0 },
    visitor: { flow: flowIds.visitor, quickPass: 0 },
    pupil: { flow: null, quickPass: 0 },
    infant: { flow: null, quickPass: 0 },
    leaver: { flow: null, quickPass: 0 },
  };
  flowsExpected = [
    { id: flowIds.staff, userType: typeIds.staff, walkIn: 0 },
    { id: flowIds.supply, userType: typeIds.supply, walkIn: 1 },
    { id: flowIds.visitor, userType: typeIds.visitor, walkIn: 1 },
  ];
  device = await pairKiosk(h, org, areaId);
});
afterAll(() => h.close());

const kinds = (): Kind[] => ['staff', 'teacher', 'supply', 'trainee', 'visitor', 'pupil', 'infant', 'leaver'];
const kiosk = () => api(h.app, device.token);

describe('the kiosk decides which flow a user type follows once: configuration, search, identify and scan agree (rule 197)', () => {
  it('for a sub-type (nearest parent flow), a type without a flow, a deleted type and a staff type', async () => {
    const people = {} as Record<Kind, { id: number; kioskCode: string }>;
    for (const kind of kinds()) people[kind] = await f.person({ firstName: kind, lastName: family, userTypeId: typeIds[kind] });
    await f.run((tx) => tx.delete(userTypes).where(eq(userTypes.id, typeIds.leaver)));

    // Configuration: the journey's flows, each with its own user type and whether it takes walk-ins.
    const config = await kiosk().get('/api/kiosk-app/config');
    expect(config.status).toBe(200);
    const flows = config.body.data.journey.flows as { id: number; user_type: { id: number }; walk_in: 0 | 1 }[];
    expect(flows.map((x) => ({ id: x.id, userType: x.user_type.id, walkIn: x.walk_in }))).toEqual(flowsExpected);

    // Search: listed exactly when the type follows a flow, with whether a name asks the quick pass code.
    const search = await kiosk().get(`/api/kiosk-app/people?search=${family}`);
    expect(search.status).toBe(200);
    const listed = new Map((search.body.data as { id: number; quick_pass: 0 | 1 }[]).map((p) => [p.id, p.quick_pass]));

    for (const kind of kinds()) {
      const want = expected[kind];
      const person = people[kind];
      const code = `gatehouse:p:${person.kioskCode}`;
      // Configuration: the flow the person follows is one the kiosk app was given (it looks it up by id).
      expect(flows.some((x) => x.id === want.flow), `config, ${kind}`).toBe(want.flow !== null);
      expect(listed.has(person.id) ? { flow: true, quickPass: listed.get(person.id) } : { flow: false }, `search, ${kind}`).toEqual(
        want.flow === null ? { flow: false } : { flow: true, quickPass: want.quickPass },
      );
      const who = await kiosk().post('/api/kiosk-app/identify', { code });
      expect(who.status, `identify, ${kind}: ${JSON.stringify(who.body)}`).toBe(want.flow === null ? 403 : 200);
      if (want.flow === null) expect(who.body.message).toBe('You cannot sign in at this kiosk. Please ask at reception.');
      else expect(who.body.data.journey_flow_id, `identify, ${kind}`).toBe(want.flow);
      const scan = await kiosk().post('/api/kiosk-app/scan', { code, action: 'in' });
      expect(scan.status, `scan, ${kind}: ${JSON.stringify(scan.body)}`).toBe(want.flow === null ? 403 : 200);
      // The visit the scan opened follows the flow the others named; nothing is recorded for a type without one.
      const opened = await f.run((tx) => tx.select({ flow: visits.journeyFlowId }).from(visits).where(and(eq(visits.entityId, org.entityId), eq(visits.userId, person.id))));
      expect(opened.map((v) => v.flow), `scan, ${kind}`).toEqual(want.flow === null ? [] : [want.flow]);
    }

    // A walk-in follows the configuration's flag: the staff flow refuses one (rule 156; walk-in.test.ts signs one in).
    const walkIn = { first_name: 'Wally', last_name: family, email: `${uniq('w')}@example.test`, phone: String(Date.now()).slice(-11) };
    const staffWalkIn = await kiosk().post('/api/kiosk-app/visitor', { ...walkIn, journey_flow_id: flowIds.staff });
    expect(staffWalkIn.status).toBe(403);
    expect(staffWalkIn.body.message).toBe('Visitors of this type must be registered before they arrive.');
  });
});
