import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../db/schema/index';
import { createOrg, type Org, uniq } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { linkHash } from '../visits';
import { fixtures } from '../signin/testing';

let h: TestApp;
let org: Org;
let area: Awaited<ReturnType<typeof makeArea>>;
let device: Awaited<ReturnType<typeof pairKiosk>>;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  const site = await makeSite(h, org);
  area = await makeArea(h, org, site.id);
  device = await pairKiosk(h, org, area.id);
});
afterAll(() => h.close());

const AWAITING = {
  en: 'This visit is awaiting approval: signing in opens once the host approves it. Please ask at reception.',
  ar: 'هذه الزيارة بانتظار الموافقة: يمكن تسجيل الدخول بعد موافقة المضيف عليها. يرجى السؤال في الاستقبال.',
  es: 'Esta visita está pendiente de aprobación: podrá registrar su entrada cuando el anfitrión la apruebe. Consulte en recepción.',
};

/** A visitor expected here in an hour whose visit (its type needs approval) still awaits the host, with its QR link. */
async function awaiting(approvalState: 'pending' | 'rejected' = 'pending') {
  const f = fixtures(h, org);
  const person = await f.person({ firstName: 'Wanda', lastName: uniq('Waiting') });
  const token = uniq('awaitingvisittoken-');
  const [visit] = await f.run((tx) =>
    tx
      .insert(visits)
      .values({ entityId: org.entityId, userId: person.id, areaId: area.id, siteId: area.site_id, status: 'expected', expectedAt: new Date(Date.now() + 20 * 60_000), registrationMethod: 'approval_required', approvalState, linkTokenHash: linkHash(token) })
      .returning(),
  );
  return { f, person, visit, qr: `https://gatehouse.example/c/${token}` };
}

describe('rule 155: a visit awaiting approval admits nobody until the host approves it', () => {
  it('the kiosk refuses its QR code and its name in the kiosk language; the console and mass sign-in refuse it the same way; nothing is recorded', async () => {
    const { f, person, visit, qr } = await awaiting();
    const kiosk = (lang: 'en' | 'ar' | 'es') => api(h.app, device.token, lang);
    for (const lang of ['en', 'ar', 'es'] as const) {
      const who = await kiosk(lang).post('/api/kiosk-app/identify', { code: qr });
      expect(who.status).toBe(403);
      expect(who.body.message).toBe(AWAITING[lang]);
    }
    expect((await kiosk('en').post('/api/kiosk-app/scan', { code: qr })).body.message).toBe(AWAITING.en);
    // Found by name (or a badge or card): the visit they would sign into still awaits approval.
    const byName = await kiosk('es').post('/api/kiosk-app/identify', { user_id: person.id });
    expect(byName.status).toBe(403);
    expect(byName.body.message).toBe(AWAITING.es);
    expect((await kiosk('en').post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' })).status).toBe(403);
    // Every other way in: the console's sign-in and its sign-in of several people.
    const console = await api(h.app, org.token).post('/api/user_action', { area_id: area.id, user_id: person.id });
    expect(console.status).toBe(403);
    expect(console.body.message).toBe(AWAITING.en);
    const several = await api(h.app, org.token).post('/api/checkin_users', { area_id: area.id, users: [person.id] });
    expect(several.body.errors[String(person.id)]).toBe(AWAITING.en);
    expect(await f.scans(person.id)).toHaveLength(0);
    const [still] = await f.run((tx) => tx.select().from(visits).where(eq(visits.id, visit.id)));
    expect(still.status).toBe('expected');

    // Approved from the console: the same QR code signs that visit in.
    expect((await api(h.app, org.token).post('/api/approve-visit', { entity_id: org.entityId, visit_id: visit.id })).status).toBe(200);
    const now = await kiosk('en').post('/api/kiosk-app/identify', { code: qr });
    expect(now.status).toBe(200);
    expect(now.body.data).toMatchObject({ user_id: person.id, action: 'in' });
    const scan = await kiosk('en').post('/api/kiosk-app/scan', { code: qr });
    expect(scan.status).toBe(200);
    expect(scan.body.data.visit_id).toBe(visit.id);
  });

  it('a rejected visit is refused by name and in the console too (its QR code is no longer valid)', async () => {
    const { f, person, qr } = await awaiting('rejected');
    expect((await api(h.app, device.token).post('/api/kiosk-app/scan', { code: qr })).body.message).toBe('This QR code is no longer valid. Please ask at reception.');
    const byName = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' });
    expect(byName.status).toBe(403);
    expect(byName.body.message).toBe('This visit was not approved: signing in is not possible. Please ask at reception.');
    expect((await api(h.app, org.token).post('/api/user_action', { area_id: area.id, user_id: person.id })).status).toBe(403);
    expect(await f.scans(person.id)).toHaveLength(0);
  });

  it('a sign-in the kiosk kept while offline is recorded: the person is inside already (docs/kiosk-protocol.md, Offline)', async () => {
    const { f, person, visit } = await awaiting();
    const res = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in', offline: 1, idempotency_key: uniq('offline-approval-'), at: new Date().toISOString() });
    expect(res.status).toBe(200);
    expect(res.body.data.visit_id).not.toBe(visit.id);
    expect(await f.scans(person.id)).toHaveLength(1);
  });
});
