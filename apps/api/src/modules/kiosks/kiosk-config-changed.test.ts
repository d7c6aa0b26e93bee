import type { KioskConfigReason } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeys } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, listenWithSockets, type TestApp } from '../../../test/harness';
import { makeArea, makeSite, pairKiosk, siteBody } from '../../../test/places';
import { KioskClient } from './device-client';
import { beat } from './heartbeat';
import { notifyKiosks } from './index';

let h: TestApp;
let url: string;
let org: Org;
let other: Org;
const clients: KioskClient[] = [];
let north: { id: number };
let south: { id: number };
let hall: { id: number };
let front: { kiosk: { id: number }; client: KioskClient };
let back: { kiosk: { id: number }; client: KioskClient };
let theirs: { kiosk: { id: number }; client: KioskClient };

async function connected(o: Org, areaId: number) {
  const paired = await pairKiosk(h, o, areaId);
  const client = new KioskClient({ serverUrl: url, token: paired.token });
  clients.push(client);
  await client.connect();
  return { kiosk: paired.kiosk, client };
}

beforeAll(async () => {
  h = await buildTestApp();
  url = await listenWithSockets(h);
  org = await createOrg(h);
  other = await createOrg(h);
  north = await makeSite(h, org, { name: 'North' });
  south = await makeSite(h, org, { name: 'South' });
  hall = await makeArea(h, org, north.id, { name: 'Hall' });
  front = await connected(org, hall.id);
  back = await connected(org, (await makeArea(h, org, south.id, { name: 'Gate' })).id);
  theirs = await connected(other, (await makeArea(h, other, (await makeSite(h, other)).id)).id);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await h.services.realtime.close().catch(() => undefined);
  await h.close();
});

let marks = 0;
/**
 * What each kiosk heard from `act` on: a marker sent to every kiosk of both organisations after it arrives after
 * anything `act` caused (one process, one order), so "heard nothing" is known, not guessed.
 */
async function heardAfter(act: () => Promise<unknown>) {
  const start = clients.map((c) => c.configChanges.length);
  await act();
  marks += 1;
  const mark = `mark-${marks}` as KioskConfigReason;
  for (const o of [org, other]) notifyKiosks(h.services.realtime, o.entityId, 'all', mark);
  const end = Date.now() + 8000;
  while (!clients.every((c) => c.configChanges.some((e) => e.reason === mark))) {
    if (Date.now() > end) throw new Error('the marker did not arrive');
    await new Promise((r) => setTimeout(r, 20));
  }
  const of = (k: { client: KioskClient }) => {
    const i = clients.indexOf(k.client);
    return k.client.configChanges.slice(start[i]).map((e) => e.reason).filter((r) => r !== mark);
  };
  return { front: of(front), back: of(back), theirs: of(theirs) };
}

describe('config-changed: kiosks reload their configuration when what it is made of changes', () => {
  it("a kiosk's own settings reach that kiosk only", async () => {
    const heard = await heardAfter(async () => {
      expect((await api(h.app, org.token).put(`/api/kiosk_setting/${front.kiosk.id}`, { settings: { temperature_unit: 'F' } })).status).toBe(200);
    });
    expect(heard).toEqual({ front: ['settings'], back: [], theirs: [] });
  });

  it('a user type or a journey changed reaches every kiosk of the organisation, never another organisation', async () => {
    const type = await api(h.app, org.token).post('/api/user-type', { name: 'Visitor', registration_method: 'allowed', grace_period: 30 });
    const heard = await heardAfter(async () => {
      expect((await api(h.app, org.token).put(`/api/user-type/update/${type.body.data.id}`, { name: 'Visitors', registration_method: 'allowed', grace_period: 45 })).status).toBe(200);
    });
    expect(heard).toEqual({ front: ['user_types'], back: ['user_types'], theirs: [] });
    const [journey] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(journeys).values({ entityId: org.entityId, name: 'Old journey' }).returning());
    const gone = await heardAfter(async () => expect((await api(h.app, org.token).del(`/api/journey/${journey.id}`)).status).toBe(200));
    expect(gone).toEqual({ front: ['journey'], back: ['journey'], theirs: [] });
    // Creating one changes nothing a kiosk shows yet; a refused change tells nobody.
    const quiet = await heardAfter(async () => {
      await api(h.app, org.token).post('/api/user-type', { name: 'Contractor', registration_method: 'allowed', grace_period: 30 });
      expect((await api(h.app, org.token).put(`/api/user-type/update/${type.body.data.id}`, { name: '', grace_period: 1 })).status).toBe(400);
    });
    expect(quiet).toEqual({ front: [], back: [], theirs: [] });
  });

  it("a site's change reaches its kiosks; a kiosk moved to another site follows it (after a heartbeat)", async () => {
    const edit = (site: { id: number }, name: string) => api(h.app, org.token).put(`/api/site/${site.id}`, siteBody(org, { name }));
    expect(await heardAfter(async () => expect((await edit(south, 'South gate')).status).toBe(200))).toEqual({ front: [], back: ['site'], theirs: [] });
    const moved = await heardAfter(async () => expect((await api(h.app, org.token).put(`/api/kiosk_move/${back.kiosk.id}`, { area_id: hall.id })).status).toBe(200));
    expect(moved).toEqual({ front: [], back: ['kiosk'], theirs: [] });
    await beat(h.services.realtime.io!.of('/kiosk'), h.services, h.services.config.kioskHeartbeatMs);
    expect(await heardAfter(async () => expect((await edit(north, 'North campus')).status).toBe(200))).toEqual({ front: ['site'], back: ['site'], theirs: [] });
    expect(await heardAfter(async () => expect((await edit(south, 'South')).status).toBe(200))).toEqual({ front: [], back: [], theirs: [] });
  });

  it("notifyKiosks never reaches another organisation's kiosk, whatever ids it is given", async () => {
    const heard = await heardAfter(async () => notifyKiosks(h.services.realtime, org.entityId, { kioskIds: [theirs.kiosk.id, front.kiosk.id] }, 'announcements'));
    expect(heard).toEqual({ front: ['announcements'], back: [], theirs: [] });
  });
});
