import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, journeyFlows, journeys, users, userTypes } from '../../db/schema/index';
import { createOrg, type Org, uniq } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { fixtures } from '../signin/testing';

let h: TestApp;
let org: Org;
let device: Awaited<ReturnType<typeof pairKiosk>>;
let f: ReturnType<typeof fixtures>;
const types = { staff: 0, teacher: 0, visitor: 0, pupil: 0 };
/** A surname shared by everyone of this test, so that one search finds them all. */
const family = uniq('Quay');

beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  f = fixtures(h, org);
  const site = await makeSite(h, org);
  const area = await makeArea(h, org, site.id);
  // A school's front kiosk: staff sign with their card (Teacher under Staff follows its flow), visitors by name;
  // pupils have no flow here.
  await f.run(async (tx) => {
    const e = org.entityId;
    const [staff] = await tx.insert(userTypes).values({ entityId: e, name: 'Staff', isStaff: true, registrationMethod: 'not_required' }).returning();
    const [teacher] = await tx.insert(userTypes).values({ entityId: e, name: 'Teacher', parentId: staff.id, isStaff: true, registrationMethod: 'not_required' }).returning();
    const [visitor] = await tx.insert(userTypes).values({ entityId: e, name: 'Visitor' }).returning();
    const [pupil] = await tx.insert(userTypes).values({ entityId: e, name: 'Pupil', registrationMethod: 'by_admin' }).returning();
    Object.assign(types, { staff: staff.id, teacher: teacher.id, visitor: visitor.id, pupil: pupil.id });
    const [j] = await tx.insert(journeys).values({ entityId: e, name: 'Front door' }).returning();
    await tx.insert(journeyFlows).values([
      { entityId: e, journeyId: j.id, userTypeId: staff.id, name: 'Staff', inputMethod: 'rfid' },
      { entityId: e, journeyId: j.id, userTypeId: visitor.id, name: 'Visitors', inputMethod: 'manual' },
    ]);
    await tx.update(areas).set({ journeyId: j.id }).where(eq(areas.id, area.id));
  });
  device = await pairKiosk(h, org, area.id);
});
afterAll(() => h.close());

const person = async (first: string, userTypeId: number, extra: Partial<typeof users.$inferInsert> = { updatedAt: new Date() }) => {
  const p = await f.person({ firstName: first, lastName: family, userTypeId });
  return (await f.run((tx) => tx.update(users).set(extra).where(eq(users.id, p.id)).returning()))[0];
};
const kiosk = (lang?: string) => api(h.app, device.token, lang);

describe("the kiosk's name search lists only the people its journey signs", () => {
  it('staff, their sub-types and visitors, never pupils; each says whether a quick pass code is asked', async () => {
    const staff = await person('Sam', types.staff, { quickPassCode: 'A1B2C3D4E5F6' });
    const teacher = await person('Tess', types.teacher);
    const visitor = await person('Vic', types.visitor);
    await person('Pip', types.pupil);
    const res = await kiosk().get(`/api/kiosk-app/people?search=${family}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: staff.id, name: `Sam ${family}`, user_type: 'Staff', quick_pass: 1 },
      { id: teacher.id, name: `Tess ${family}`, user_type: 'Teacher', quick_pass: 1 },
      { id: visitor.id, name: `Vic ${family}`, user_type: 'Visitor', quick_pass: 0 },
    ]);
  });
});

describe('a name picked signs in or out only with what the flow asks beyond the name', () => {
  it('a visitor of a name flow is identified by the name alone', async () => {
    const visitor = await person('Vera', types.visitor);
    const who = await kiosk().post('/api/kiosk-app/identify', { user_id: visitor.id });
    expect(who.status).toBe(200);
    expect(who.body.data).toMatchObject({ user_id: visitor.id, action: 'in' });
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: visitor.id, action: 'in' })).status).toBe(200);
  });

  it('staff of a card flow need their quick pass code with the name (asked, wrong, right), in the kiosk language; nothing recorded without it', async () => {
    const staff = await person('Stan', types.teacher, { quickPassCode: '0A1B2C3D4E5F' });
    const asked = await kiosk('es').post('/api/kiosk-app/identify', { user_id: staff.id });
    expect(asked.status).toBe(400);
    expect(asked.body.errors.quick_pass).toEqual(['Escriba su código de pase rápido para continuar.']);
    const wrong = await kiosk().post('/api/kiosk-app/identify', { user_id: staff.id, quick_pass: '0A1B2C3D4E50' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.quick_pass).toEqual(['This quick pass code is not right. Please try again.']);
    // The server refuses a name sign-in that skips the code, whatever the kiosk app does.
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: staff.id, action: 'in' })).status).toBe(400);
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: staff.id, action: 'in', quick_pass: 'nope' })).status).toBe(400);
    expect(await f.scans(staff.id)).toHaveLength(0);
    const right = await kiosk().post('/api/kiosk-app/identify', { user_id: staff.id, quick_pass: '0a1b 2c3d 4e5f' });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ user_id: staff.id, action: 'in' });
    const scan = await kiosk().post('/api/kiosk-app/scan', { user_id: staff.id, action: 'in', quick_pass: '0A1B2C3D4E5F' });
    expect(scan.status).toBe(200);
    expect(scan.body.data.scan.input_method).toBe('name');
    // Signing out by name asks it too.
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: staff.id, action: 'out' })).status).toBe(400);
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: staff.id, action: 'out', quick_pass: '0A1B2C3D4E5F' })).body.data.action).toBe('out');
  });

  it('their card alone is enough; without a quick pass code on file the name cannot sign them; a pupil is refused', async () => {
    const staff = await person('Stella', types.staff, { rfid: uniq('5') });
    const card = await kiosk().post('/api/kiosk-app/scan', { rfid: staff.rfid });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const none = await kiosk('ar').post('/api/kiosk-app/identify', { user_id: staff.id, quick_pass: 'ANYTHING' });
    expect(none.status).toBe(400);
    expect(none.body.errors.quick_pass).toEqual(['يرجى استخدام رمز QR أو البطاقة لتسجيل الدخول هنا، أو السؤال في الاستقبال.']);
    const pupil = await person('Pia', types.pupil);
    expect((await kiosk().post('/api/kiosk-app/identify', { user_id: pupil.id })).status).toBe(403);
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: pupil.id, action: 'in' })).status).toBe(403);
    const archived = await person('Arch', types.visitor, { status: 'archived' });
    expect((await kiosk().post('/api/kiosk-app/identify', { user_id: archived.id })).status).toBe(404);
  });
});
