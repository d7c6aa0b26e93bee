import { AsyncLocalStorage } from 'node:async_hooks';
import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, visits } from '../../db/schema/index';
import { createMember, createOrg, type Org, uniq } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { pairKiosk } from '../../../test/places';
import { linkHash } from '../visits';
import { fixtures } from '../signin/testing';
import { deviceKiosk } from './device-kiosk';
import { identify } from './identify';
import { scanAtKiosk } from './scan';
import { withTenant } from '../../platform/db/tenant';

/**
 * The kiosk's scan (issue 20 part 3): one tenant transaction, the host's mail and the auto sign-out job queued in
 * it; and idempotency keys bound to their caller and content (issue 16 part 6).
 */

let h: TestApp;
let org: Org;
let area: { id: number; siteId: number };
let device: Awaited<ReturnType<typeof pairKiosk>>;
let second: Awaited<ReturnType<typeof pairKiosk>>;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  const f = fixtures(h, org);
  const site = await f.site();
  // An area that signs out at midnight: every sign-in there queues its auto sign-out job (rule 231).
  area = await f.area(site.id, { autoSignOutMode: 'midnight' });
  device = await pairKiosk(h, org, area.id);
  second = await pairKiosk(h, org, area.id);
});
afterAll(() => h.close());

const kiosk = (lang?: string) => api(h.app, device.token, lang);

/** A visitor expected here now, hosted by a member with an e-mail, with the QR code of their confirmation mail. */
async function expectedVisitor() {
  const f = fixtures(h, org);
  const host = await f.person({ firstName: 'Hana', lastName: uniq('Host'), email: `${uniq('host')}@example.test` });
  const visitor = await f.person({ firstName: 'Vic', lastName: uniq('Visitor') });
  const token = uniq('confirmationtoken-');
  const [visit] = await f.run((tx) =>
    tx
      .insert(visits)
      .values({ entityId: org.entityId, userId: visitor.id, areaId: area.id, siteId: area.siteId, hostUserId: host.id, status: 'expected', expectedAt: new Date(), linkTokenHash: linkHash(token) })
      .returning(),
  );
  return { host, visitor, visit, qr: `https://gatehouse.example/c/${token}` };
}

/** The jobs queued for a visit (the auto sign-out) or a mail address (the host's mail), whatever their state. */
const jobsFor = async (name: string, key: string, value: string | number) =>
  (await h.services.database.sql.query<{ id: string; data: Record<string, unknown> }>(`select id, data from pgboss.job where name = $1 and data->>$2 = $3`, [name, key, String(value)])).rows;

/**
 * How many times `fn` wrote to a database connection (each write here is one round trip: the scan sends its next
 * statements only once the last ones are answered). Writes of other work (the job queue's polling) do not count.
 */
async function writesDuring<T>(fn: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const proto = Socket.prototype as unknown as { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
  const [write, writev] = [proto._write, proto._writev];
  const mine = new AsyncLocalStorage<true>();
  let writes = 0;
  proto._write = function (this: unknown, ...a: unknown[]) {
    if (mine.getStore()) writes++;
    return write.apply(this, a);
  };
  proto._writev = function (this: unknown, ...a: unknown[]) {
    if (mine.getStore()) writes++;
    return writev.apply(this, a);
  };
  try {
    return { result: await mine.run(true, fn), writes };
  } finally {
    proto._write = write;
    proto._writev = writev;
  }
}

describe('the kiosk scan: one transaction, its jobs inside it', () => {
  it("a visitor's QR code signs their expected visit in; the host's mail and the auto sign-out job are created with it, in two round trips", async () => {
    const { host, visitor, visit, qr } = await expectedVisitor();
    const k = await deviceKiosk(h.services, { headers: { authorization: `Bearer ${device.token}` } } as FastifyRequest);
    const { result, writes } = await writesDuring(() => scanAtKiosk(h.services, k, area.id, { code: qr, action: 'toggle', idempotency_key: uniq('one-transaction-') }));
    expect(result).toMatchObject({ action: 'in', visitId: visit.id, replayed: false });
    expect(result.scan.host).toEqual({ id: host.id, name: `Hana ${host.lastName}` });
    // begin + the one load statement; then the write, both jobs and the commit, together.
    expect(writes).toBe(2);
    expect(await jobsFor('signin.auto-sign-out', 'visitId', visit.id)).toHaveLength(1);
    expect(await jobsFor('mail.send', 'to', host.email!)).toHaveLength(1);
    expect((await fixtures(h, org).scans(visitor.id)).map((s) => s.visitId)).toEqual([visit.id]);
  });

  it('identifying who a QR code is decides as the scan does, from the same one load statement (the flow decided once)', async () => {
    const { visitor, qr } = await expectedVisitor();
    const k = await deviceKiosk(h.services, { headers: { authorization: `Bearer ${device.token}` } } as FastifyRequest);
    const { result, writes } = await writesDuring(() => withTenant(h.services.database.db, org.entityId, (tx) => identify(tx, k, area.id, { code: qr })));
    expect(result).toMatchObject({ person: { id: visitor.id }, action: 'in' });
    // begin + the sign-in's load statement; then the commit (before issue 20: the person, the visit, the journey,
    // its flows and user types, the open visit and the sign-in's load again, one after the other).
    expect(writes).toBe(2);
    await kiosk().post('/api/kiosk-app/scan', { code: qr });
    expect((await kiosk().post('/api/kiosk-app/identify', { code: qr })).body.data).toMatchObject({ user_id: visitor.id, action: 'out' });
  });

  it("a new visit's auto sign-out job names the visit the sign-in created (its id taken with the load)", async () => {
    const person = await fixtures(h, org).person();
    const res = await kiosk().post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' });
    expect(res.status).toBe(200);
    const jobs = await jobsFor('signin.auto-sign-out', 'visitId', res.body.data.visit_id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toEqual({ entityId: org.entityId, visitId: res.body.data.visit_id });
  });

  it('a job the database refuses leaves nothing behind: no scan, the visit still expected, no mail', async () => {
    const { host, visitor, visit, qr } = await expectedVisitor();
    const jobs = h.services.jobs;
    const send = jobs.send.bind(jobs);
    // The auto sign-out job's insert fails in the database (a start time it cannot read), inside the transaction.
    jobs.send = ((name: string, data: object, options: object) => send(name, data, name === 'signin.auto-sign-out' ? { ...options, startAfter: 'never' } : options)) as typeof jobs.send;
    try {
      const res = await kiosk().post('/api/kiosk-app/scan', { code: qr });
      expect(res.status).not.toBe(200);
    } finally {
      jobs.send = send as typeof jobs.send;
    }
    expect(await fixtures(h, org).scans(visitor.id)).toHaveLength(0);
    const [still] = await fixtures(h, org).run((tx) => tx.select().from(visits).where(eq(visits.id, visit.id)));
    expect(still.status).toBe('expected');
    expect(await jobsFor('mail.send', 'to', host.email!)).toHaveLength(0);
    // Once the queue takes it, the same sign-in goes through.
    expect((await kiosk().post('/api/kiosk-app/scan', { code: qr })).status).toBe(200);
  });

  it('the scan event reaches the console only once the sign-in is committed', async () => {
    const person = await fixtures(h, org).person();
    const seen: { committed: number }[] = [];
    const toEntity = h.services.realtime.toEntity.bind(h.services.realtime);
    h.services.realtime.toEntity = ((entityId: number, event: string, payload: { type: string; id?: number }) => {
      if (payload.type === 'scan' && payload.id) {
        // Read beside the request: the scan is there when the event leaves.
        void fixtures(h, org)
          .scans(person.id)
          .then((rows) => seen.push({ committed: rows.length }));
      }
      return toEntity(entityId, event as never, payload as never);
    }) as typeof h.services.realtime.toEntity;
    try {
      expect((await kiosk().post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      h.services.realtime.toEntity = toEntity;
    }
    expect(seen).toEqual([{ committed: 1 }]);
  });
});

describe('issue 16 part 6: an idempotency key is bound to its person, caller and content', () => {
  it('the same key and content replays the first answer, also when the kiosk sends it again marked offline', async () => {
    const person = await fixtures(h, org).person();
    const body = { user_id: person.id, action: 'in', idempotency_key: uniq('replay-'), at: new Date().toISOString() };
    const first = await kiosk().post('/api/kiosk-app/scan', body);
    expect(first.status).toBe(200);
    const again = await kiosk().post('/api/kiosk-app/scan', { ...body, offline: 1 });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ replayed: 1, scan: { id: first.body.data.scan.id } });
    expect(await fixtures(h, org).scans(person.id)).toHaveLength(1);
  });

  it('the same key for another person answers 409 in the kiosk language and signs nobody in', async () => {
    const f = fixtures(h, org);
    const [first, other] = [await f.person(), await f.person()];
    const key = uniq('bound-');
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: first.id, action: 'in', idempotency_key: key })).status).toBe(200);
    const reused = await kiosk('es').post('/api/kiosk-app/scan', { user_id: other.id, action: 'in', idempotency_key: key });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('Esta clave de solicitud ya se usó para otro registro. No se ha registrado a nadie: inténtelo de nuevo.');
    expect(await f.scans(other.id)).toHaveLength(0);
    // By QR code or RFID card as well: what was read is the content.
    const carded = await f.person();
    await f.run((tx) => tx.update(users).set({ rfid: uniq('CARD') }).where(eq(users.id, carded.id)));
    const [card] = await f.run((tx) => tx.select({ rfid: users.rfid }).from(users).where(eq(users.id, carded.id)));
    expect((await kiosk().post('/api/kiosk-app/scan', { rfid: card.rfid, idempotency_key: key })).status).toBe(409);
    expect(await f.scans(carded.id)).toHaveLength(0);
  });

  it('the same key for the same person with other content, or from another kiosk, answers 409', async () => {
    const person = await fixtures(h, org).person();
    const key = uniq('content-');
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: person.id, action: 'in', idempotency_key: key })).status).toBe(200);
    expect((await kiosk().post('/api/kiosk-app/scan', { user_id: person.id, action: 'out', idempotency_key: key })).status).toBe(409);
    expect((await api(h.app, second.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in', idempotency_key: key })).status).toBe(409);
    const rows = await fixtures(h, org).scans(person.id);
    expect(rows.map((s) => s.direction)).toEqual(['in']);
  });

  it("the console's kiosk call binds the key to the member: another person or another member answers 409", async () => {
    const f = fixtures(h, org);
    const [first, other] = [await f.person(), await f.person()];
    const key = uniq('console-');
    const body = { area_id: area.id, user_id: first.id, action: 'in', idempotency_key: key };
    expect((await api(h.app, org.token).post('/api/kiosk/scan', body)).status).toBe(200);
    expect((await api(h.app, org.token).post('/api/kiosk/scan', body)).body.data.replayed).toBe(1);
    expect((await api(h.app, org.token).post('/api/kiosk/scan', { ...body, user_id: other.id })).status).toBe(409);
    const admin = await createMember(h, org, 'admin');
    expect((await api(h.app, admin.token).post('/api/kiosk/scan', body)).status).toBe(409);
    expect(await f.scans(other.id)).toHaveLength(0);
    expect(await f.scans(first.id)).toHaveLength(1);
  });
});
