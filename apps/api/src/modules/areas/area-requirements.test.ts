import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compliances, journeys } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { createOrg, createPowerless, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { makeArea, makeSite } from '../../../test/places';

/** An area's entry conditions and documents (rule 230): attached, listed by name and removed with the area. */
let h: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  h = await buildTestApp();
  org = await createOrg(h);
  other = await createOrg(h);
});
afterAll(() => h.close());

const addCompliance = (o: Org, name: string, deleted = false) =>
  withTenant(h.services.database.db, o.entityId, async (tx) => (await tx.insert(compliances).values({ entityId: o.entityId, name, ...(deleted ? { deletedAt: sql`now()` } : {}) }).returning())[0]);
const options = async (o: Org) => (await api(h.app, o.token).get(`/api/area_options/${o.entityId}`)).body.data as { journeys: { id: number; name: string }[]; compliances: { id: number; name: string }[]; documents: { id: number; key: string; name: string }[] };

describe('areas: entry conditions and documents', () => {
  it("the form's choices: journeys, entry conditions (not deleted) and document types; 401, 403, 404", async () => {
    const kept = await addCompliance(org, 'Visitor safety briefing');
    const gone = await addCompliance(org, 'Old COVID questions', true);
    await withTenant(h.services.database.db, org.entityId, (tx) => tx.insert(journeys).values({ entityId: org.entityId, name: 'Front desk journey' }));
    const o = await options(org);
    expect(o.compliances.map((c) => c.id)).toContain(kept.id);
    expect(o.compliances.map((c) => c.id)).not.toContain(gone.id);
    expect(o.journeys.map((j) => j.name)).toContain('Front desk journey');
    expect(o.documents.map((d) => d.key)).toEqual(['covid_vaccine', 'test']);
    const url = `/api/area_options/${org.entityId}`;
    expect((await api(h.app).get(url)).status).toBe(401);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(url)).status).toBe(403);
    expect((await api(h.app, other.token).get(url)).status).toBe(404);
  });

  it('attaches entry conditions and documents to an area, lists them by name, removes one, keeps what is not sent', async () => {
    const site = await makeSite(h, org);
    const briefing = await addCompliance(org, 'Contractor induction');
    const questions = await addCompliance(org, 'Health questions');
    const { documents } = await options(org);
    const vaccine = documents.find((d) => d.key === 'covid_vaccine')!;
    const pcr = documents.find((d) => d.key === 'test')!;
    const res = await api(h.app, org.token).post('/api/area', {
      entity_id: org.entityId,
      site_id: site.id,
      name: 'Clinic wing',
      compliance_ids: [briefing.id, questions.id],
      document_type_ids: [vaccine.id, pcr.id, pcr.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.compliance_ids.sort()).toEqual([briefing.id, questions.id].sort());
    expect(res.body.data.document_type_ids.sort()).toEqual([vaccine.id, pcr.id].sort());
    const one = await api(h.app, org.token).get(`/api/area/${res.body.data.id}`);
    expect(one.body.data.compliances).toEqual([
      { id: briefing.id, name: 'Contractor induction' },
      { id: questions.id, name: 'Health questions' },
    ]);
    expect(one.body.data.documents).toEqual([
      { id: vaccine.id, key: 'covid_vaccine', name: 'Vaccination certificate' },
      { id: pcr.id, key: 'test', name: 'PCR test result' },
    ]);
    // Removing the PCR document leaves the entry conditions as they were (not sent).
    const upd = await api(h.app, org.token).put(`/api/area/${res.body.data.id}`, { document_type_ids: [vaccine.id] });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ document_type_ids: [vaccine.id] });
    expect(upd.body.data.compliance_ids).toHaveLength(2);
    const cleared = await api(h.app, org.token).put(`/api/area/${res.body.data.id}`, { compliance_ids: [] });
    expect(cleared.body.data).toMatchObject({ compliance_ids: [], document_type_ids: [vaccine.id] });
    const tree = await api(h.app, org.token).get(`/api/sites_and_areas/${org.entityId}`);
    const node = tree.body.data.find((s: { id: number }) => s.id === site.id).areas[0];
    expect(node).toMatchObject({ compliance_ids: [], document_type_ids: [vaccine.id] });
  });

  it("refuses an unknown, deleted or another organisation's entry condition or document type, and changes nothing", async () => {
    const site = await makeSite(h, org);
    const area = await makeArea(h, org, site.id, { name: 'Kitchen' });
    const deleted = await addCompliance(org, 'Retired checklist', true);
    const theirs = await addCompliance(other, 'Bravo induction');
    const theirDocs = (await options(other)).documents;
    const mine = (await options(org)).documents;
    const bad: [Record<string, unknown>, string, string][] = [
      [{ compliance_ids: [999999] }, 'compliance_ids', 'One of the compliances does not exist.'],
      [{ compliance_ids: [deleted.id] }, 'compliance_ids', 'One of the compliances does not exist.'],
      [{ compliance_ids: [theirs.id] }, 'compliance_ids', 'One of the compliances does not exist.'],
      [{ document_type_ids: [mine[0].id, 999999] }, 'document_type_ids', 'One of the document types does not exist.'],
      [{ document_type_ids: [theirDocs[0].id] }, 'document_type_ids', 'One of the document types does not exist.'],
    ];
    for (const [body, field, message] of bad) {
      const put = await api(h.app, org.token).put(`/api/area/${area.id}`, body);
      expect(put.status, JSON.stringify(body)).toBe(400);
      expect(put.body.errors[field]).toEqual([message]);
      const post = await api(h.app, org.token).post('/api/area', { entity_id: org.entityId, site_id: site.id, name: 'Store room', ...body });
      expect(post.status).toBe(400);
    }
    const one = await api(h.app, org.token).get(`/api/area/${area.id}`);
    expect(one.body.data).toMatchObject({ compliances: [], documents: [] });
    expect((await api(h.app, org.token).get(`/api/areas_by_site/${site.id}`)).body.count).toBe(1);
  });
});
