import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJobs, scans } from '../../db/schema/index';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { pairKiosk } from '../../../test/places';
import { KioskClient } from '../kiosks/testing';
import { fixtures } from '../signin/testing';

let h: TestApp;
let url: string;
const clients: KioskClient[] = [];
beforeAll(async () => {
  h = await buildTestApp();
  h.services.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await h.services.realtime.close().catch(() => undefined);
  await h.close();
});

/** A kiosk, a visitor who signed in at it and fetched their badge: the print list's first job (rule 291). */
async function printed(org: Org) {
  const f = fixtures(h, org);
  const site = await f.site({ name: 'Main Site' });
  const area = await f.area(site.id, { name: 'Reception' });
  const paired = await pairKiosk(h, org, area.id, { name: 'Reception kiosk' });
  const visitor = await f.userType('Visitor');
  const person = await f.person({ firstName: 'Vera', lastName: 'Visitor', userTypeId: visitor.id });
  const [scan] = await f.run((tx) => tx.insert(scans).values({ entityId: org.entityId, userId: person.id, areaId: area.id, kioskId: paired.kiosk.id, direction: 'in', method: 'qr' }).returning());
  const badge = await h.app.inject({ method: 'GET', url: `/api/kiosk-app/badge/${scan.id}`, headers: { authorization: `Bearer ${paired.token}` } });
  expect(badge.statusCode).toBe(200);
  // Fetching it again (a retry) is the same print.
  await h.app.inject({ method: 'GET', url: `/api/kiosk-app/badge/${scan.id}`, headers: { authorization: `Bearer ${paired.token}` } });
  return { f, site, area, paired, person, scan, a: api(h.app, org.token) };
}

describe('print list (rule 291)', () => {
  it('lists the badge a kiosk printed with its printer, person, status and dates', async () => {
    const org = await createOrg(h);
    const p = await printed(org);
    const res = await p.a.get(`/api/print_queue_list/${org.entityId}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.data[0]).toMatchObject({ printer: 'Reception kiosk', status: 'printed', person: { id: p.person.id, name: 'Vera Visitor' }, can_cancel: 0, can_reprint: 1 });
    expect(res.body.data[0].executed_at).not.toBeNull();
    expect((await api(h.app).get(`/api/print_queue_list/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/print_queue_list/${org.entityId}`)).status).toBe(403);
    expect((await p.a.get(`/api/print_queue_list/${(await createOrg(h)).entityId}`)).status).toBe(404);
    expect((await p.a.get(`/api/print_queue_list/${org.entityId}?filterBy=${encodeURIComponent('{"status":"lost"}')}`)).status).toBe(400);
  });

  it('reprints on the same kiosk through a print-badge command, and fails it when the kiosk is not connected', async () => {
    const org = await createOrg(h);
    const p = await printed(org);
    const [job] = await p.f.run((tx) => tx.select().from(printJobs).where(eq(printJobs.entityId, org.entityId)));
    const offline = await p.a.put(`/api/reprint/${job.id}`);
    expect(offline.status).toBe(409);
    expect(offline.body.code).toBe('no_connection');
    const afterOffline = await p.a.get(`/api/print_queue_list/${org.entityId}`);
    expect(afterOffline.body.data[0]).toMatchObject({ status: 'failed', reprint_of: job.id });

    const commands: string[] = [];
    const client = new KioskClient({ serverUrl: url, token: p.paired.token, onCommand: async (c) => { commands.push(c.command); return 'printed'; } });
    clients.push(client);
    await client.connect();
    const res = await p.a.put(`/api/reprint/${job.id}`);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ reprint_of: job.id, printer: 'Reception kiosk' });
    let status = '';
    for (let i = 0; i < 50 && status !== 'printed'; i += 1) {
      status = (await p.a.get(`/api/print_queue_list/${org.entityId}?filterBy=${encodeURIComponent('{"status":"printed"}')}`)).body.data.find((j: { id: number }) => j.id === res.body.data.id)?.status ?? '';
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('printed');
    expect(commands).toEqual(['print-badge']);
    client.close();
  });

  it('cancels a job not yet printed, and refuses to cancel a printed one or to reprint a default user’s', async () => {
    const org = await createOrg(h);
    const p = await printed(org);
    const [job] = await p.f.run((tx) => tx.select().from(printJobs).where(eq(printJobs.entityId, org.entityId)));
    const [queued] = await p.f.run((tx) =>
      tx.insert(printJobs).values({ entityId: org.entityId, kioskId: p.paired.kiosk.id, scanId: p.scan.id, userId: p.person.id, printer: 'Reception kiosk', status: 'queued', expiresAt: new Date(Date.now() + 600_000) }).returning(),
    );
    const cancel = await p.a.put(`/api/cancel_print/${queued.id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'canceled', can_cancel: 0 });
    expect((await p.a.put(`/api/cancel_print/${queued.id}`)).status).toBe(409);
    expect((await p.a.put(`/api/cancel_print/${job.id}`)).status).toBe(409);
    // An expired job is shown as such and can no longer be cancelled.
    const [old] = await p.f.run((tx) =>
      tx.insert(printJobs).values({ entityId: org.entityId, kioskId: p.paired.kiosk.id, userId: p.person.id, printer: 'Reception kiosk', status: 'queued', expiresAt: new Date(Date.now() - 1000) }).returning(),
    );
    expect((await p.a.get(`/api/print_queue_list/${org.entityId}`)).body.data.find((j: { id: number }) => j.id === old.id).status).toBe('expired');
    expect((await p.a.put(`/api/cancel_print/${old.id}`)).status).toBe(409);
    // Rule 102: a person without a user type gets no quick pass, so no reprint.
    const nobody = await p.f.person({ firstName: 'No', lastName: 'Type' });
    const [theirs] = await p.f.run((tx) =>
      tx.insert(printJobs).values({ entityId: org.entityId, kioskId: p.paired.kiosk.id, scanId: p.scan.id, userId: nobody.id, printer: 'Reception kiosk', status: 'printed', expiresAt: new Date(), executedAt: new Date() }).returning(),
    );
    expect((await p.a.put(`/api/reprint/${theirs.id}`)).status).toBe(409);
    const other = await createOrg(h);
    expect((await api(h.app, other.token).put(`/api/cancel_print/${queued.id}`)).status).toBe(404);
    expect((await api(h.app, other.token).put(`/api/reprint/${job.id}`)).status).toBe(404);
    expect((await api(h.app).put(`/api/reprint/${job.id}`)).status).toBe(401);
    const powerless = api(h.app, (await createPowerless(h, org)).token);
    expect((await powerless.put(`/api/cancel_print/${queued.id}`)).status).toBe(403);
    expect((await powerless.put(`/api/reprint/${job.id}`)).status).toBe(403);
    expect((await p.a.put(`/api/reprint/abc`)).status).toBe(400);
  });
});
