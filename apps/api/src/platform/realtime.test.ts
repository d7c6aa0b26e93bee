import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../db/schema/index';
import { api, buildTestApp, type TestApp } from '../../test/harness';
import { createMember, createOrg, makeSupport } from '../../test/factories';
import { closeSockets, connected, join, nextEvent, openSocket, pause, record, listenWithSockets } from '../../test/sockets';
import { issueSession } from './auth/sessions';
import { asSystem } from './db/tenant';

let h: TestApp;
let base: string;
beforeAll(async () => {
  h = await buildTestApp();
  base = await listenWithSockets(h);
});
afterAll(async () => {
  closeSockets();
  await h.close();
});


describe('Socket.IO (rules 63-67)', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(connected(openSocket(base))).rejects.toThrow('unauthenticated');
    await expect(connected(openSocket(base, 'not-a-token'))).rejects.toThrow('unauthenticated');
  });

  it("joins its own organisation's room; another organisation's id is refused and hears nothing", async () => {
    const org = await createOrg(h, { plan: 1 });
    const other = await createOrg(h, { plan: 1 });
    const mine = openSocket(base, org.token);
    await connected(mine);
    expect(await join(mine, org.entityId)).toEqual({ ok: true });
    const spy = openSocket(base, org.token);
    await connected(spy);
    const heard = record(spy);
    expect(await join(spy, other.entityId)).toEqual({ ok: false });
    expect(await join(spy, { entity_id: other.entityId } as never)).toEqual({ ok: false });

    const support = await createMember(h, other, 'admin');
    await makeSupport(h, support.accountId);
    const otherSocket = openSocket(base, other.token);
    await connected(otherSocket);
    await join(otherSocket, other.entityId);
    const theirs = nextEvent(otherSocket, 'pongUpdateEntityPlan');
    expect((await api(h.app, support.token).post(`/api/entity/${other.entityId}`, { plan: 2 })).status).toBe(200);
    await theirs;
    await pause(200);
    expect(heard).toEqual([]);
  });

  it('a plan change emits pongUpdateEntityPlan to the members after the change is committed', async () => {
    const org = await createOrg(h, { plan: 1 });
    const support = await createMember(h, org, 'admin');
    await makeSupport(h, support.accountId);
    const member = await createMember(h, org, 'employee');
    const socket = openSocket(base, member.token);
    await connected(socket);
    expect(await join(socket, org.entityId)).toEqual({ ok: true });
    let planSeenByListener: number | null = null;
    const event = new Promise<unknown>((resolve) =>
      socket.once('pongUpdateEntityPlan', async (payload: unknown) => {
        // what a console does on this notice: read the organisation again. It must already see the new plan.
        const [row] = await asSystem(h.services.database.db, (tx) => tx.select({ plan: entities.plan }).from(entities).where(eq(entities.id, org.entityId)));
        planSeenByListener = row.plan;
        resolve(payload);
      }),
    );
    expect((await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { plan: 3 })).status).toBe(200);
    expect(await event).toMatchObject({ entityPlan: 3, action: 'upgrade' });
    expect(planSeenByListener).toBe(3);
  });

  it('a refused change emits nothing', async () => {
    const org = await createOrg(h, { plan: 1 });
    const socket = openSocket(base, org.token);
    await connected(socket);
    await join(socket, org.entityId);
    const heard = record(socket);
    expect((await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { plan: 3 })).status).toBe(403);
    await pause(300);
    expect(heard).toEqual([]);
  });

  it('package changes emit pongUpdateEntityPackage with upgrade or downgrade', async () => {
    const org = await createOrg(h, { plan: 2 });
    const support = await createMember(h, org, 'admin');
    await makeSupport(h, support.accountId);
    const socket = openSocket(base, org.token);
    await connected(socket);
    await join(socket, org.entityId);
    const down = nextEvent(socket, 'pongUpdateEntityPackage');
    await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { package: 'Standalone' });
    expect(await down).toMatchObject({ package: 'Standalone', action: 'downgrade' });
    const up = nextEvent(socket, 'pongUpdateEntityPackage');
    await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { package: 'Cloud' });
    expect(await up).toMatchObject({ package: 'Cloud', action: 'upgrade' });
  });

  it('rule 73: an otp_roles change emits updateEntityTwoStepAuth; rule 85: enabling two-step emits updateUserTwoStepAuth to that user', async () => {
    const org = await createOrg(h);
    const member = await createMember(h, org, 'employee');
    const ownerSocket = openSocket(base, org.token);
    const memberSocket = openSocket(base, member.token);
    await Promise.all([connected(ownerSocket), connected(memberSocket)]);
    await join(ownerSocket, org.entityId);
    await join(memberSocket, org.entityId);
    const policy = nextEvent(memberSocket, 'updateEntityTwoStepAuth');
    await api(h.app, org.token).post(`/api/entity/${org.entityId}`, { otp_roles: [org.roles.employee] });
    expect(await policy).toMatchObject({ entity_id: org.entityId, updated_by: org.userId, isOtpEnabled: 1, otp_roles: [org.roles.employee] });

    const ownerHeard = record(ownerSocket);
    const mine = nextEvent(memberSocket, 'updateUserTwoStepAuth');
    const secret = (await api(h.app, member.token).get('/api/passport/otp/setup')).body.data.secret;
    expect((await api(h.app, member.token).post('/api/passport/otp/enable', { otp: await generate({ secret }) })).status).toBe(200);
    expect(await mine).toMatchObject({ entity_id: org.entityId, user_id: member.userId, isOtpEnabled: 1 });
    await pause(200);
    expect(ownerHeard.filter((e) => e.event === 'updateUserTwoStepAuth')).toEqual([]);
    // rule 85 logs out everywhere: the notice arrived first, then the member's socket was closed; the owner's stays
    await expect.poll(() => memberSocket.connected).toBe(false);
    expect(ownerSocket.connected).toBe(true);
  });

  it('a revoked session hears nothing more: logout closes that session’s sockets, not the other sessions’', async () => {
    const org = await createOrg(h);
    const second = (await issueSession(h.services.database.db, org.accountId, org.entityId)).token;
    const leaving = openSocket(base, org.token);
    const staying = openSocket(base, second);
    await Promise.all([connected(leaving), connected(staying)]);
    await join(leaving, org.entityId);
    await join(staying, org.entityId);
    const closed = new Promise((resolve) => leaving.once('disconnect', resolve));
    expect((await api(h.app, org.token).get('/api/logout')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const heard = record(leaving);
    const support = await createMember(h, org, 'admin');
    await makeSupport(h, support.accountId);
    const notice = nextEvent(staying, 'pongUpdateEntityPlan');
    await api(h.app, support.token).post(`/api/entity/${org.entityId}`, { plan: 2 });
    await notice;
    expect(heard).toEqual([]);
    expect(staying.connected).toBe(true);
  });
});
