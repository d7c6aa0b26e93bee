import { users, visits } from '../src/db/schema/index';
import { withTenant } from '../src/platform/db/tenant';
import { api, type TestApp } from './harness';
import type { Org } from './factories';

/** Sites, areas and signed-in people for the places tests. */
export const siteBody = (org: Org, extra: Record<string, unknown> = {}) => ({
  entity_id: org.entityId,
  name: 'Northfield Primary',
  location_name: '12 School Lane, Leeds',
  lat: 53.8,
  long: -1.55,
  radius: 150,
  zoom: 16,
  timezone: 'Europe/London',
  ...extra,
});

export async function makeSite(h: TestApp, org: Org, extra: Record<string, unknown> = {}) {
  const res = await api(h.app, org.token).post('/api/site', siteBody(org, extra));
  if (res.status !== 201) throw new Error(`site: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string };
}

export async function makeArea(h: TestApp, org: Org, siteId: number, extra: Record<string, unknown> = {}) {
  const res = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: siteId, name: 'Reception', ...extra });
  if (res.status !== 201) throw new Error(`area: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; name: string; site_id: number; qr_code: string };
}

/** A person signed in to an area now (through the given method). */
export async function signInPerson(h: TestApp, org: Org, area: { id: number; site_id: number }, method = 'kiosk') {
  return withTenant(h.services.database.db, org.entityId, async (tx) => {
    const [user] = await tx.insert(users).values({ entityId: org.entityId, firstName: 'Pupil', lastName: 'Signedin' }).returning();
    const [visit] = await tx
      .insert(visits)
      .values({ entityId: org.entityId, userId: user.id, siteId: area.site_id, areaId: area.id, status: 'signed_in', signedInAt: new Date(), signInMethod: method })
      .returning();
    return { user, visit };
  });
}

let macCounter = 0;
export const nextMac = () => {
  macCounter += 1;
  const hex = (macCounter + Math.floor(Math.random() * 60000)).toString(16).padStart(4, '0').toUpperCase();
  return `00:1A:2B:3C:${hex.slice(0, 2)}:${hex.slice(2, 4)}`;
};

/** A kiosk paired the documented way: pairing code from the device, added by the admin, token collected. */
export async function pairKiosk(h: TestApp, org: Org, areaId: number, opts: { name?: string; mac?: string; appVersion?: string } = {}) {
  const mac = opts.mac ?? nextMac();
  const start = await api(h.app).post('/api/kiosk-register', { mac_address: mac, serial: `SN${mac.replace(/:/g, '')}`, app_version: opts.appVersion ?? '3.2.0' });
  if (start.status !== 200) throw new Error(`register: ${start.status} ${JSON.stringify(start.body)}`);
  const { registration_id, pairing_code, secret } = start.body.data;
  const added = await api(h.app, org.token).post('/api/kiosk', { entity_id: org.entityId, name: opts.name ?? 'Front desk kiosk', area_id: areaId, pairing_code });
  if (added.status !== 201) throw new Error(`kiosk: ${added.status} ${JSON.stringify(added.body)}`);
  const poll = await api(h.app).post('/api/kiosk-register/poll', { registration_id, secret });
  return { kiosk: added.body.data as { id: number; mac_address: string; name: string }, token: poll.body.data.device_token as string, mac };
}
