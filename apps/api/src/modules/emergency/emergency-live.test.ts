import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { KioskEmergencyMessage } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { io as connectConsole, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencySessions, kiosks, userSites, users, userTypes, userUserTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createMember, createOrg, type Org } from '../../../test/factories';
import { startFakeSmsGateway } from '../../../test/fake-sms-gateway';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { mailDelivered, parseMessage, queueDrained } from '../../../test/mailbox';
import { makeArea, makeSite, pairKiosk, signInPerson } from '../../../test/places';
import { KioskClient, watchFireAlarm } from '../kiosks/testing';
import { handleAlarm } from './fire-alarm';
import { SMS_JOB } from './sms-gateway';

let h: TestApp;
let org: Org;
let url: string;
let gateway: Awaited<ReturnType<typeof startFakeSmsGateway>>;
const clients: KioskClient[] = [];
const consoles: Socket[] = [];
beforeAll(async () => {
  gateway = await startFakeSmsGateway({ token: 'gateway-secret' });
  h = await buildTestApp({ env: { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gateway-secret', SMS_SENDER: 'Northfield' } });
  h.services.realtime.attach(h.app.server);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  org = await createOrg(h);
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of consoles) s.close();
  await h.services.realtime.close().catch(() => undefined);
  await h.close();
  await gateway.close();
});
const db = () => h.services.database.db;
const until = async <T>(fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = 8000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};
const FIRE = { enabled: true, local_sync_ip: '192.168.1.20', local_sync_port: 8080, io_port: 'active', voltage_threshold: 12, action_upon_fire: 'open_door', trigger_level: 'high' } as const;

async function warden(token = org.token) {
  const got: { event: string; payload: Record<string, unknown> }[] = [];
  const socket = connectConsole(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
  consoles.push(socket);
  socket.onAny((event: string, payload: Record<string, unknown>) => got.push({ event, payload }));
  await new Promise<void>((resolve) => socket.emit('join', org.entityId, () => resolve()));
  // The emergency rooms are joined by the same `join` (a second lookup): wait until it has answered.
  await new Promise((r) => setTimeout(r, 100));
  return got;
}

async function kioskOnSite(siteId: number, areaId: number, name: string, fire: unknown = FIRE) {
  const { kiosk, token } = await pairKiosk(h, org, areaId, { name });
  await withTenant(db(), org.entityId, (tx) => tx.update(kiosks).set({ siteId, settings: { fire_alarm: fire as never, language: 'en' } }).where(eq(kiosks.id, kiosk.id)));
  const screens: KioskEmergencyMessage[] = [];
  const client = new KioskClient({ serverUrl: url, token, onEmergency: (m) => screens.push(m), onCommand: async () => 'opened' });
  clients.push(client);
  await client.connect();
  return { kiosk, token, client, screens };
}

describe('automatic start from a kiosk’s fire alarm (issue 17 part 3)', () => {
  it('20 simultaneous alarms start exactly one session; every kiosk evacuates, the door opens, the wardens hear at once', async () => {
    const site = await makeSite(h, org, { name: 'Alarm school' });
    const area = await makeArea(h, org, site.id);
    await signInPerson(h, org, { id: area.id, site_id: site.id });
    const devices: Awaited<ReturnType<typeof kioskOnSite>>[] = [];
    for (let i = 0; i < 20; i++) devices.push(await kioskOnSite(site.id, area.id, `Kiosk ${i + 1}`));
    const door = await api(h.app, org.token).post('/api/devices', { entity_id: org.entityId, area_id: area.id, name: 'Main door', kiosk_id: devices[0].kiosk.id, io_port: 2 });
    expect(door.status).toBe(201);
    const heard = await warden();

    const answers = await Promise.all(devices.map((d) => d.client.reportFireAlarm({ voltage: 14.2 })));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.started === 1)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.session_id)).size).toBe(1);
    const sessions = await withTenant(db(), org.entityId, (tx) => tx.select().from(emergencySessions).where(eq(emergencySessions.entityId, org.entityId)));
    const fromAlarm = sessions.filter((s) => s.startMethod === 'fire_alarm');
    expect(fromAlarm).toHaveLength(1);
    expect(fromAlarm[0]).toMatchObject({ status: 'started', drill: false, name: 'Fire alarm – Alarm school' });

    await until(() => devices.every((d) => d.screens.some((s) => s.state === 'started' && s.session_id === fromAlarm[0].id)));
    await until(() => heard.some((e) => e.event === 'pongStartSessionDiffAdmin'));
    expect(heard.filter((e) => e.event === 'pongStartSessionDiffAdmin')).toHaveLength(1);
    expect(heard.find((e) => e.event === 'pongStartSessionDiffAdmin')!.payload).toMatchObject({ sessionId: fromAlarm[0].id, sessionName: 'Fire alarm – Alarm school' });
    // Doors wired to a kiosk whose action upon fire is "open door" get the open command.
    await until(() => devices[0].client.received.some((c) => c.command === 'open-door'));
    expect(devices[0].client.received.find((c) => c.command === 'open-door')!.payload).toMatchObject({ door_name: 'Main door', io_port: 2, reason: 'fire_alarm' });
    expect(devices[1].client.received.some((c) => c.command === 'open-door')).toBe(false);

    // A kiosk that connects during the session evacuates at once.
    const late = await kioskOnSite(site.id, area.id, 'Late kiosk');
    await until(() => late.screens.some((s) => s.state === 'started'));
    // Ending: every kiosk leaves the evacuation screen.
    await api(h.app, org.token).put(`/api/end_emergency/${fromAlarm[0].id}`);
    await until(() => devices.every((d) => d.screens.some((s) => s.state === 'ended')));
  });

  it('refuses a reading that does not trip, an alarm not enabled, and a revoked kiosk token', async () => {
    const site = await makeSite(h, org, { name: 'Quiet school' });
    const area = await makeArea(h, org, site.id);
    const low = await kioskOnSite(site.id, area.id, 'Low trigger', { ...FIRE, trigger_level: 'low', voltage_threshold: 3 });
    expect(await low.client.reportFireAlarm({ voltage: 11.8 })).toEqual({ ok: false, error: 'not tripped' });
    const off = await kioskOnSite(site.id, area.id, 'No alarm', { ...FIRE, enabled: false });
    expect(await off.client.reportFireAlarm({ voltage: 24 })).toEqual({ ok: false, error: 'fire alarm not enabled' });
    expect(await off.client.reportFireAlarm({ voltage: 'high' } as never)).toEqual({ ok: false, error: 'invalid alarm message' });
    const gone = await api(h.app, org.token).del(`/api/deregister-kiosk/${low.kiosk.id}`);
    expect(gone.status).toBe(200);
    const again = new KioskClient({ serverUrl: url, token: low.token });
    clients.push(again);
    await expect(again.connect()).rejects.toThrow(/unauthenticated/);
    // A report from a socket opened before the revocation (another process, its disconnect still on the way) is
    // refused by the kiosk's state, not by the connection: a tripping reading starts nothing.
    expect(await handleAlarm(h.services, low.kiosk.id, org.entityId, { voltage: 0.4 })).toEqual({ ok: false, error: 'unknown kiosk' });
    const any = await withTenant(db(), org.entityId, (tx) => tx.select().from(emergencySessions).where(eq(emergencySessions.name, 'Fire alarm – Quiet school')));
    expect(any).toHaveLength(0);
    // The device's watcher reports once when the input trips (low trigger: at or below the threshold).
    let volts = 11;
    const reports: unknown[] = [];
    const stop = watchFireAlarm(off.client, { enabled: true, io_port: 'active', voltage_threshold: 3, trigger_level: 'low' }, async () => volts, { intervalMs: 20, onReport: (r) => reports.push(r) });
    await new Promise((r) => setTimeout(r, 80));
    expect(reports).toHaveLength(0);
    volts = 0.4;
    // Refused (this kiosk's alarm is off), the watcher keeps reporting at each reading while the input stays tripped:
    // wait for the first report, not for exactly one (a fast server answers two between the test's looks).
    await until(() => reports.length >= 1);
    expect(reports[0]).toEqual({ ok: false, error: 'fire alarm not enabled' });
    stop();
  });
});

describe('live lists and messages to the unaccounted', () => {
  it('a mark and a sign-out reach the wardens live (updateEmergencySessionData)', async () => {
    const site = await makeSite(h, org, { name: 'Live school' });
    const area = await makeArea(h, org, site.id);
    const a = await signInPerson(h, org, { id: area.id, site_id: site.id });
    const b = await signInPerson(h, org, { id: area.id, site_id: site.id });
    const heard = await warden();
    const id = (await api(h.app, org.token).post('/api/start_emergency', { site_ids: [site.id] })).body.data.id;
    await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: a.user.id, status: 'safe' });
    const marked = await until(() => heard.find((e) => e.event === 'updateEmergencySessionData' && (e.payload.people as { user_id: number }[] | undefined)?.some((p) => p.user_id === a.user.id)));
    expect(marked.payload).toMatchObject({ sessionId: id, action: 'people', people: [expect.objectContaining({ status: 'safe' })] });
    await api(h.app, org.token).post('/api/user_action', { area_id: area.id, user_id: b.user.id, action: 'out' });
    const left = await until(() => heard.find((e) => e.event === 'updateEmergencySessionData' && (e.payload.people as { user_id: number; presence: string }[] | undefined)?.some((p) => p.user_id === b.user.id && p.presence === 'left')));
    expect(left).toBeTruthy();
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
    await until(() => heard.some((e) => e.event === 'pongEndSessionDiffAdmin' && e.payload.sessionId === id));
  });

  it('mails and texts everyone unaccounted a single-use link; the answer marks them; a second use is refused', async () => {
    const site = await makeSite(h, org, { name: 'Message school' });
    const area = await makeArea(h, org, site.id);
    const p = await signInPerson(h, org, { id: area.id, site_id: site.id });
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ email: 'pupil.parent@example.test', phone: '7700900123', phoneCode: '44' }).where(eq(users.id, p.user.id)));
    const id = (await api(h.app, org.token).post('/api/start_emergency', { site_ids: [site.id] })).body.data.id;
    const sent = await api(h.app, org.token).post(`/api/emergency_message/${id}`, { channels: ['mail', 'sms'], note: 'Meet at the car park.' });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ people: 1, mail: 1, sms: 1, unreachable: 0, sms_available: 1 });
    await queueDrained(h, SMS_JOB);
    expect(gateway.messages).toContainEqual(expect.objectContaining({ to: '+447700900123', from: 'Northfield' }));
    const sms = gateway.messages.at(-1)!;
    await mailDelivered(h);
    const mailDir = join(h.dataDir, 'mail');
    const mail = parseMessage(readFileSync(join(mailDir, readdirSync(mailDir).find((f) => f.includes('pupil.parent'))!), 'utf8'));
    expect(mail.subject).toContain('are you safe?');
    const token = sms.text.match(/\/safe\/([A-Za-z0-9_-]+)/)![1];
    expect(mail.text).toContain(`/safe/${token}`);
    const info = await api(h.app).get(`/api/emergency_link/${token}`);
    expect(info.body.data).toMatchObject({ first_name: 'Pupil', state: 'open', answer: null });
    const answered = await api(h.app).post(`/api/emergency_link/${token}`, { answer: 'needs_help' });
    expect(answered.status).toBe(200);
    const detail = await api(h.app, org.token).get(`/api/get_emergency/${id}`);
    expect(detail.body.data.people[0]).toMatchObject({ status: 'needs_help', status_source: 'link', status_by_name: 'Pupil Signedin' });
    expect((await api(h.app).post(`/api/emergency_link/${token}`, { answer: 'safe' })).status).toBe(410);
    expect((await api(h.app).get(`/api/emergency_link/${'x'.repeat(32)}`)).status).toBe(404);
    expect((await api(h.app).post(`/api/emergency_link/${token}`, { answer: 'maybe' })).status).toBe(400);
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
  });
});

describe('live lists follow the warden’s grants (rule 96; issue 17 part 2)', () => {
  it('a warden limited to site A hears only A’s people; one limited to a user type only that type’s (and untyped) people; both hear the session start', async () => {
    const siteA = await makeSite(h, org, { name: 'Grant school A' });
    const siteB = await makeSite(h, org, { name: 'Grant school B' });
    const areaA = await makeArea(h, org, siteA.id);
    const areaB = await makeArea(h, org, siteB.id);
    const [staff, pupil] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values([{ entityId: org.entityId, name: 'Grant staff' }, { entityId: org.entityId, name: 'Grant pupil' }]).returning());
    const inA = await signInPerson(h, org, { id: areaA.id, site_id: siteA.id });
    const inB = await signInPerson(h, org, { id: areaB.id, site_id: siteB.id });
    const pupilA = await signInPerson(h, org, { id: areaA.id, site_id: siteA.id });
    await withTenant(db(), org.entityId, async (tx) => {
      await tx.update(users).set({ userTypeId: staff.id }).where(eq(users.id, inA.user.id));
      await tx.update(users).set({ userTypeId: staff.id }).where(eq(users.id, inB.user.id));
      await tx.update(users).set({ userTypeId: pupil.id }).where(eq(users.id, pupilA.user.id));
    });
    const siteWarden = await createMember(h, org, 'fire_warden');
    const typeWarden = await createMember(h, org, 'fire_warden');
    await withTenant(db(), org.entityId, async (tx) => {
      await tx.update(users).set({ allSites: false }).where(eq(users.id, siteWarden.userId));
      await tx.insert(userSites).values({ entityId: org.entityId, userId: siteWarden.userId, siteId: siteA.id });
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, typeWarden.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: typeWarden.userId, userTypeId: staff.id });
    });
    const everything = await warden();
    const onlyA = await warden(siteWarden.token);
    const onlyStaff = await warden(typeWarden.token);

    const id = (await api(h.app, org.token).post('/api/start_emergency', { site_ids: [siteA.id, siteB.id] })).body.data.id;
    for (const heard of [everything, onlyA, onlyStaff]) await until(() => heard.some((e) => e.event === 'pongStartSessionDiffAdmin' && e.payload.sessionId === id));
    // The API answers the same people the sockets carry.
    const listA = await api(h.app, siteWarden.token).get(`/api/get_emergency/${id}`);
    expect(listA.body.data.people.map((p: { user_id: number }) => p.user_id).sort()).toEqual([inA.user.id, pupilA.user.id].sort());
    const listStaff = await api(h.app, typeWarden.token).get(`/api/get_emergency/${id}`);
    expect(listStaff.body.data.people.map((p: { user_id: number }) => p.user_id).sort()).toEqual([inA.user.id, inB.user.id].sort());

    for (const p of [inA, inB, pupilA]) await api(h.app, org.token).put(`/api/action_emergency/${id}`, { user_id: p.user.id, status: 'safe' });
    const heardPeople = (heard: typeof everything) =>
      new Set(heard.filter((e) => e.event === 'updateEmergencySessionData' && e.payload.sessionId === id).flatMap((e) => ((e.payload.people as { user_id: number }[] | undefined) ?? []).map((p) => p.user_id)));
    await until(() => [inA, inB, pupilA].every((p) => heardPeople(everything).has(p.user.id)));
    // Every mark has reached the unrestricted warden: the others have heard all they will.
    await new Promise((r) => setTimeout(r, 200));
    expect([...heardPeople(onlyA)].sort()).toEqual([inA.user.id, pupilA.user.id].sort());
    expect([...heardPeople(onlyStaff)].sort()).toEqual([inA.user.id, inB.user.id].sort());
    // Each event reaches a socket once (no socket is in both the site rooms' send and the typed send).
    const marks = onlyStaff.filter((e) => e.event === 'updateEmergencySessionData' && (e.payload.people as { user_id: number }[] | undefined)?.some((p) => p.user_id === inA.user.id));
    expect(marks).toHaveLength(1);
    await api(h.app, org.token).put(`/api/end_emergency/${id}`);
  });
});
