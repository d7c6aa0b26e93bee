import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyFlows, userTypes, userUserTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { fixtures } from '../journeys/testing';
import { createPlace, dayAhead, type Place, visitRow } from './test-fixtures';
import { mailsTo } from '../../../test/mime';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

async function expect2(org: Org, p: Place, extra: Record<string, unknown> = {}) {
  const res = await api(h.app, org.token).post('/api/expected-visit', {
    entity_id: org.entityId,
    site_id: p.site.id,
    area_id: p.area.id,
    user_type_id: p.visitor.id,
    host: p.host.id,
    visit_date: dayAhead(),
    visit_time: '09:00:00',
    visitors: [
      { first_name: 'Olga', last_name: 'Ortiz', email: `olga${Math.random().toString(36).slice(2, 7)}@example.test`, company_name: 'Ortiz Builders' },
      { first_name: 'Omar', last_name: 'Odeh', phone: String(Math.floor(Math.random() * 1e9)) },
    ],
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; user_id: number; email: string | null }[];
}
const list = (org: Org, filter: Record<string, unknown> = {}, extra = '') =>
  api(h.app, org.token).get(`/api/expected_visits/${org.entityId}?filterBy=${encodeURIComponent(JSON.stringify(filter))}${extra}`);

describe('GET /api/expected_visits/{entityId}: the console list with pending approvals', () => {
  it('lists visits with their place, type and host names; filters by approval state, search and dates; pages and sorts', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const [olga, omar] = await expect2(org, p);
    await expect2(org, p, { visit_date: dayAhead(3), visitors: [{ first_name: 'Pia', last_name: 'Later', email: 'pia@example.test' }] });
    await expect2(other, q);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set({ approvalState: 'pending', journeyStage: 'awaiting_admin_approval' }).where(eq(visits.id, omar.id)));
    const all = await list(org);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.data[0]).toMatchObject({ id: olga.id, full_name: 'Olga Ortiz', site_name: 'Northfield School', area_name: 'Reception', user_type_name: 'Visitor', host_name: 'Helen Hostwell', company_name: 'Ortiz Builders' });
    expect((await list(org, { approval_state: 'pending' })).body.data.map((v: { id: number }) => v.id)).toEqual([omar.id]);
    expect((await list(org, { search: 'ortiz b' })).body.data.map((v: { id: number }) => v.id)).toEqual([olga.id]);
    expect((await list(org, { start_date: dayAhead(2), end_date: dayAhead(4) })).body.data.map((v: { full_name: string }) => v.full_name)).toEqual(['Pia Later']);
    const page = await list(org, {}, '&limit=1&page=2&sortField=full_name&orderBy=desc');
    expect(page.body).toMatchObject({ count: 3, data: [{ full_name: 'Omar Odeh' }] });
    expect((await list(org, { approval_state: 'maybe' })).status).toBe(400);
    expect((await api(h.app, org.token).get(`/api/expected_visits/${other.entityId}`)).status).toBe(404);
    expect((await api(h.app).get(`/api/expected_visits/${org.entityId}`)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/expected_visits/${org.entityId}`)).status).toBe(403);
  });

  it('rule 96: a member sees only the visits of the user types granted to them, in the list and in the summary', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    await expect2(org, p);
    await expect2(org, p, { user_type_id: p.contractor.id, visitors: [{ first_name: 'Cai', last_name: 'Contract', email: 'cai@example.test' }] });
    const member = await createMember(h, org, 'employee');
    await withTenant(h.services.database.db, org.entityId, async (tx) => {
      await tx.update(users).set({ allUserTypes: false }).where(eq(users.id, member.userId));
      await tx.insert(userUserTypes).values({ entityId: org.entityId, userId: member.userId, userTypeId: p.contractor.id });
    });
    const mine = await api(h.app, member.token).get(`/api/expected_visits/${org.entityId}`);
    expect(mine.body.data.map((v: { full_name: string }) => v.full_name)).toEqual(['Cai Contract']);
    const summary = await api(h.app, member.token).get(`/api/expected_visits_summary/${org.entityId}?start_date=${dayAhead(0)}&end_date=${dayAhead(2)}`);
    expect(summary.body.count).toBe(1);
    const tooLong = await api(h.app, org.token).get(`/api/expected_visits_summary/${org.entityId}?start_date=${dayAhead(0)}&end_date=${dayAhead(400)}`);
    expect(tooLong.status).toBe(400);
  });
});

describe("console visits follow the area's journey flow", () => {
  it("takes the flow of the area's journey for the user type; with an entry condition the stage is compliance pending (rule 152)", async () => {
    const org = await createOrg(h);
    const c = await fixtures(h, org).compliance();
    const p = await createPlace(h, org, { flow: { complianceId: c.id, sendBeforeVisitMinutes: 60, reminderIntervalMinutes: 30 } });
    const [v] = await expect2(org, p);
    const row = await visitRow(h, org, v.id);
    expect(row).toMatchObject({ journeyFlowId: p.flow.id, journeyStage: 'compliance_pending', registrationMethod: 'by_admin' });
    const [w] = await expect2(org, p, { user_type_id: p.contractor.id, visitors: [{ first_name: 'Cai', last_name: 'Contract', email: 'cai2@example.test' }] });
    expect(await visitRow(h, org, w.id)).toMatchObject({ journeyFlowId: p.contractorFlow.id, journeyStage: 'ready_to_sign_in' });
    // A sub-type follows its parent's flow, as at the kiosk; a type without a flow on the journey has none.
    const [parent] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Inspector', parentId: p.visitor.id }).returning());
    const [x] = await expect2(org, p, { user_type_id: parent.id, visitors: [{ first_name: 'Ina', last_name: 'Inspect', email: 'ina@example.test' }] });
    expect((await visitRow(h, org, x.id)).journeyFlowId).toBe(p.flow.id);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.delete(journeyFlows).where(eq(journeyFlows.id, p.contractorFlow.id)));
    const [y] = await expect2(org, p, { user_type_id: p.contractor.id, visitors: [{ first_name: 'Cai', last_name: 'Again', email: 'cai3@example.test' }] });
    expect((await visitRow(h, org, y.id)).journeyFlowId).toBeNull();
  });

  it('moving a visit mails the visitor the new time with a new calendar invitation', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const [v] = await expect2(org, p);
    const email = v.email!;
    expect(await mailsTo(h, email)).toHaveLength(1);
    const moved = await api(h.app, org.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: v.id, visit_date: dayAhead(4), visit_time: '14:30' });
    expect(moved.status).toBe(200);
    const last = (await mailsTo(h, email)).at(-1)!;
    expect(await mailsTo(h, email)).toHaveLength(2);
    expect(last.subject).toContain(`${dayAhead(4)} at 14:30`);
    expect(last.parts.some((x) => x.headers['content-type']?.startsWith('text/calendar'))).toBe(true);
    // Only the host changes: no mail.
    await api(h.app, org.token).put('/api/edit-expected-visit', { entity_id: org.entityId, visit_id: v.id, host: null });
    expect(await mailsTo(h, email)).toHaveLength(2);
  });
});
