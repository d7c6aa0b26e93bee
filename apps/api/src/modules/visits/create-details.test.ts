import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceUsers, customFieldValues, journeyFlows } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, type Org } from '../../../test/factories';
import { fixtures } from '../journeys/testing';
import { countVisits, createPlace, dayAhead, multipart, visitRow } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const form = (code: string, userTypeId: number, extra: Record<string, string> = {}) => ({
  journey_id: code,
  user_type_id: String(userTypeId),
  visit_date: dayAhead(2),
  visit_time: '09:00:00',
  first_name: 'Dana',
  last_name: 'Detail',
  email: `dana${Math.random().toString(36).slice(2, 8)}@example.test`,
  phone: String(Math.floor(Math.random() * 1e9)),
  ...extra,
});
async function create(lang: string, fields: Record<string, string>) {
  const body = multipart(fields);
  const res = await h.app.inject({ method: 'POST', url: `/api/create-expected-visit/${lang}`, payload: body.payload, headers: body.headers, remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return { status: res.statusCode, body: res.json() };
}
const answers = (complianceId: number, answer: 'positive' | 'negative') => JSON.stringify([{ complianceId, answer: [{ question_id: 'q1', answer }] }]);

describe("the user type's mandatory data (rule 194) and the ID (rule 171)", () => {
  it('asks for the company and the ID when the type makes them mandatory; an ID already used is a conflict', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org, { visitorType: { mandatoryData: ['company_name', 'id_number'] } });
    const missing = await create('es', form(p.link.code, p.visitor.id));
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['company_name', 'id_number']);
    expect(await countVisits(h, org)).toBe(0);
    expect((await create('en', form(p.link.code, p.visitor.id, { company_name: 'Acme', id_number: 'X-1' }))).status).toBe(201);
    const taken = await create('en', form(p.link.code, p.visitor.id, { company_name: 'Acme', id_number: 'X-1' }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors.id_number).toEqual(['This ID already exists.']);
  });
});

describe('custom fields at pre-registration (rules 217-218)', () => {
  async function fields(org: Org) {
    const c = api(h.app, org.token);
    const res = await c.post('/api/section', {
      value: 'Visit',
      custom_fields: [
        { name: 'Vehicle plate', type: 'text', required_at_pre_registration: 1 },
        { name: 'Dietary needs', type: 'checkboxes', options: ['Vegan', 'Halal'], fillable_by_user: 1 },
        { name: 'Internal note', type: 'text' },
      ],
    });
    expect(res.status).toBe(201);
    const list = await api(h.app).get(`/api/get_custom_fields_to_expected_visit/en?link=${(await createPlace(h, org)).link.code}`);
    const all = list.body.data.flatMap((s: { custom_fields: { custom_field_id: number; name: string }[] }) => s.custom_fields);
    const byName = (n: string) => all.find((f: { name: string }) => f.name === n)?.custom_field_id as number;
    return { plate: byName('Vehicle plate'), diet: byName('Dietary needs'), sectionId: list.body.data[0].section_id as number };
  }

  it('requires the fields required at pre-registration, refuses fields not offered, and keeps the values on the person', async () => {
    const org = await createOrg(h, { plan: 3 });
    const f = await fields(org);
    const p = await createPlace(h, org);
    const missing = await create('en', form(p.link.code, p.visitor.id));
    expect(missing.status).toBe(400);
    expect(missing.body.errors[`custom_fields.${f.plate}`]).toEqual(['This field is required.']);
    const wrongOption = await create('en', form(p.link.code, p.visitor.id, { custom_fields: JSON.stringify([{ custom_field_id: f.plate, type: 'text', value: 'AB12 CDE' }, { custom_field_id: f.diet, type: 'checkboxes', value: '["Kosher"]' }]) }));
    expect(wrongOption.status).toBe(400);
    expect(await countVisits(h, org)).toBe(0);
    const ok = await create('en', form(p.link.code, p.visitor.id, { custom_fields: JSON.stringify([{ custom_field_id: f.plate, type: 'text', value: 'AB12 CDE' }, { custom_field_id: f.diet, type: 'checkboxes', value: '["Vegan"]' }]) }));
    expect(ok.status).toBe(201);
    const v = await visitRow(h, org, ok.body.data.visit_id);
    const stored = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(customFieldValues).where(and(eq(customFieldValues.entityId, org.entityId), eq(customFieldValues.userId, v.userId))));
    expect(stored.map((s) => s.value).sort()).toEqual(['AB12 CDE', '["Vegan"]']);
  });

  it("offers only the sections of the user type's flow when it names some", async () => {
    const org = await createOrg(h, { plan: 3 });
    const f = await fields(org);
    const p = await createPlace(h, org);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.update(journeyFlows).set({ sectionIds: [f.sectionId + 1000] }).where(eq(journeyFlows.id, p.flow.id)));
    const res = await api(h.app).get(`/api/get_custom_fields_to_expected_visit/en?link=${p.link.code}&user_type_id=${p.visitor.id}`);
    expect(res.body.data).toEqual([]);
    // The required field is not on this flow: registering without it works, sending it is refused.
    expect((await create('en', form(p.link.code, p.visitor.id))).status).toBe(201);
    expect((await create('en', form(p.link.code, p.visitor.id, { visit_time: '10:00', custom_fields: JSON.stringify([{ custom_field_id: f.plate, type: 'text', value: 'X' }]) }))).status).toBe(400);
  });
});

describe('entry conditions answered at pre-registration (rules 152, 210-212)', () => {
  async function place(org: Org, method: 'allowed' | 'approval_required' = 'allowed') {
    const c = await fixtures(h, org).compliance();
    const p = await createPlace(h, org, { method, flow: { complianceId: c.id, sendBeforeVisitMinutes: 60, reminderIntervalMinutes: 30 } });
    return { p, c };
  }

  it('a passed answer makes the visit ready; a wrong one without 20 characters of notes fails it; none leaves it pending', async () => {
    const org = await createOrg(h);
    const { p, c } = await place(org);
    const passed = await create('en', form(p.link.code, p.visitor.id, { compliances: answers(c.id, 'negative') }));
    expect(passed.status).toBe(201);
    expect(passed.body.data.journey_stage).toBe('ready_to_sign_in');
    const failed = await create('en', form(p.link.code, p.visitor.id, { compliances: answers(c.id, 'positive'), notes: 'short' }));
    expect(failed.body.data.journey_stage).toBe('compliance_failed');
    const justified = await create('en', form(p.link.code, p.visitor.id, { compliances: answers(c.id, 'positive'), notes: 'I had a fever last week, recovered.' }));
    expect(justified.body.data.journey_stage).toBe('ready_to_sign_in');
    const none = await create('en', form(p.link.code, p.visitor.id));
    expect(none.body.data.journey_stage).toBe('compliance_pending');
    const stored = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(complianceUsers).where(eq(complianceUsers.visitId, failed.body.data.visit_id)));
    expect(stored).toMatchObject([{ status: 'failed', isWrong: true, source: 'online' }]);
  });

  it('with approval required, a failed answer waits as "awaiting admin approval (compliance failed)"', async () => {
    const org = await createOrg(h);
    const { p, c } = await place(org, 'approval_required');
    const res = await create('en', form(p.link.code, p.visitor.id, { compliances: answers(c.id, 'positive') }));
    expect(res.body.data).toMatchObject({ journey_stage: 'awaiting_admin_approval_compliance_failed', approval_required: 1 });
  });

  it('refuses answers to another entry condition or with questions missing, and creates nothing', async () => {
    const org = await createOrg(h);
    const { p, c } = await place(org);
    const other = await fixtures(h, org).compliance('Another');
    expect((await create('en', form(p.link.code, p.visitor.id, { compliances: answers(other.id, 'negative') }))).status).toBe(400);
    expect((await create('en', form(p.link.code, p.visitor.id, { compliances: JSON.stringify([{ complianceId: c.id, answer: [] }]) }))).status).toBe(400);
    expect((await create('en', form(p.link.code, p.visitor.id, { compliances: 'not json' }))).status).toBe(400);
    expect(await countVisits(h, org)).toBe(0);
  });
});
