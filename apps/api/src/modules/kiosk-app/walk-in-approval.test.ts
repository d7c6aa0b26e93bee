import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyFlows, users, userTypes, visits } from '../../db/schema/index';
import { createMember, createOrg, type Org, uniq } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { mailDelivered, mailTo } from '../../../test/mailbox';
import { makeArea, makeSite, pairKiosk } from '../../../test/places';
import { fixtures } from '../signin/testing';

/**
 * Issue 15 part 2: a walk-in whose user type needs approval does not sign in unapproved. Issue 16 part 6: a walk-in's
 * idempotency key is bound to the walk-in it was sent with.
 */

let h: TestApp;
let org: Org;
let device: Awaited<ReturnType<typeof pairKiosk>>;
let area: { id: number; site_id: number };
let host: Awaited<ReturnType<typeof createMember>>;
let flows: { contractor: number; guest: number };
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  area = await makeArea(h, org, (await makeSite(h, org)).id);
  device = await pairKiosk(h, org, area.id);
  host = await createMember(h, org, 'admin');
  const f = fixtures(h, org);
  const [contractor, guest] = await f.run(async (tx) => [
    (await tx.insert(userTypes).values({ entityId: org.entityId, name: 'Contractor', registrationMethod: 'approval_required' }).returning())[0],
    (await tx.insert(userTypes).values({ entityId: org.entityId, name: 'Guest', registrationMethod: 'allowed' }).returning())[0],
  ]);
  const { journey, flow } = await f.flow(area.id, contractor.id);
  const [guestFlow] = await f.run((tx) => tx.insert(journeyFlows).values({ entityId: org.entityId, journeyId: journey.id, userTypeId: guest.id, name: 'Guests' }).returning());
  flows = { contractor: flow.id, guest: guestFlow.id };
});
// The host's mails of the last sign-ins leave before the queue stops.
afterAll(async () => {
  await mailDelivered(h);
  await h.close();
});

const walkIn = (flowId: number, extra: Record<string, unknown> = {}) => ({
  journey_flow_id: flowId,
  first_name: 'Carl',
  last_name: uniq('Contractor'),
  email: `${uniq('c')}@example.test`,
  phone: String(Date.now()).slice(-11),
  host_user_id: host.userId,
  ...extra,
});

describe('rule 155 at the kiosk: a walk-in of a type that needs approval', () => {
  it('is registered as a visit awaiting approval, the host is mailed the approval link, the kiosk answers so; once approved they sign in', async () => {
    const body = walkIn(flows.contractor);
    const res = await api(h.app, device.token, 'es').post('/api/kiosk-app/visitor', body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Gracias, ya está registrado. Se ha pedido a su anfitrión que apruebe su visita: espere en recepción hasta que la apruebe.');
    expect(res.body.code).toBe('walk_in_awaiting_approval');
    const f = fixtures(h, org);
    const [person] = await f.run((tx) => tx.select().from(users).where(and(eq(users.entityId, org.entityId), eq(users.lastName, body.last_name))));
    expect(person).toBeDefined();
    const theirs = await f.run((tx) => tx.select().from(visits).where(eq(visits.userId, person.id)));
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ status: 'expected', approvalState: 'pending', areaId: area.id, hostUserId: host.userId, journeyFlowId: flows.contractor });
    expect(await f.scans(person.id)).toHaveLength(0);
    const [mail] = await mailTo(h, host.email);
    expect(mail.subject).toContain(`Carl ${body.last_name}`);
    expect(mail.text).toMatch(/\/visit-approval\/[A-Za-z0-9_-]+/);

    // Picked by name before the host decides: refused (the visit awaits approval), nothing recorded.
    const early = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('This visit is awaiting approval: signing in opens once the host approves it. Please ask at reception.');
    // The host approves through the mail's link: the same person signs that visit in.
    const token = /\/visit-approval\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const decided = await api(h.app).post(`/api/visit-approval/en/${token}`, { action: 'approve' });
    expect(decided.status).toBe(200);
    const scan = await api(h.app, device.token).post('/api/kiosk-app/scan', { user_id: person.id, action: 'in' });
    expect(scan.status).toBe(200);
    expect(scan.body.data.visit_id).toBe(theirs[0].id);
  });

  it('a type that needs no approval still signs in at once', async () => {
    const res = await api(h.app, device.token).post('/api/kiosk-app/visitor', walkIn(flows.guest));
    expect(res.status).toBe(200);
    expect(res.body.data.action).toBe('in');
  });
});

describe("issue 16 part 6: a walk-in's idempotency key", () => {
  it('replays the first sign-in for the same walk-in and answers 409 for another visitor (nobody new is created)', async () => {
    const key = uniq('walk-in-key-');
    const first = walkIn(flows.guest, { idempotency_key: key });
    const signed = await api(h.app, device.token).post('/api/kiosk-app/visitor', first);
    expect(signed.status).toBe(200);
    const again = await api(h.app, device.token).post('/api/kiosk-app/visitor', first);
    expect(again.body.data).toMatchObject({ replayed: 1, scan: { id: signed.body.data.scan.id } });
    const other = walkIn(flows.guest, { idempotency_key: key, first_name: 'Olga' });
    const reused = await api(h.app, device.token).post('/api/kiosk-app/visitor', other);
    expect(reused.status).toBe(409);
    const created = await fixtures(h, org).run((tx) => tx.select().from(users).where(and(eq(users.entityId, org.entityId), eq(users.lastName, other.last_name))));
    expect(created).toHaveLength(0);
  });
});
