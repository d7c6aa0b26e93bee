import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { preRegistrationHits, visits } from '../../db/schema/index';
import { linkToken } from './visit-link';
import { buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { ORG_LIMIT_PER_MINUTE } from './link';
import { createPlace, dayAhead, multipart } from './test-fixtures';
import { mailsTo } from '../../../test/mime';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const call = (method: 'GET' | 'POST', url: string, ip: string, payload?: unknown) => h.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload: payload as object } : {}) });
/** The organisation has used its minute (and the next, should the minute turn during the test). */
const fill = async (entityId: number) => {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  for (const windowStart of [new Date(now), new Date(now + 60_000)]) {
    await h.services.database.db
      .insert(preRegistrationHits)
      .values({ entityId, windowStart, hits: ORG_LIMIT_PER_MINUTE })
      .onConflictDoUpdate({ target: [preRegistrationHits.entityId, preRegistrationHits.windowStart], set: { hits: ORG_LIMIT_PER_MINUTE } });
  }
};

describe('public calls: limits per address and per organisation (architecture section 5)', () => {
  it('check_user_found allows 20 a minute per address', async () => {
    const org = await createOrg(h);
    const { link } = await createPlace(h, org);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await call('POST', '/api/check_user_found/en', '10.20.0.1', { link: link.code, email: `x${i}@example.test`, entity_id: org.entityId })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    // Another address is not affected.
    expect((await call('POST', '/api/check_user_found/en', '10.20.0.2', { link: link.code, email: 'x@example.test', entity_id: org.entityId })).statusCode).toBe(200);
  });

  it('registration allows 20 a minute per address, whatever the link', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const body = multipart({ journey_id: p.link.code, user_type_id: String(p.visitor.id), visit_date: dayAhead(), visit_time: '10:00', first_name: 'Ra', last_name: 'Te', email: 'bad' });
      last = (await h.app.inject({ method: 'POST', url: '/api/create-expected-visit/en', payload: body.payload, headers: body.headers, remoteAddress: '10.20.1.1' })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('an organisation over its limit answers 429 on every public call that names it: link settings, fields, visit links, approval links', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const body = multipart({ journey_id: p.link.code, user_type_id: String(p.contractor.id), visit_date: dayAhead(), visit_time: '10:00', first_name: 'Li', last_name: 'Mit', email: 'limit@example.test', phone: '600111222', host: String(p.host.id) });
    const made = await h.app.inject({ method: 'POST', url: '/api/create-expected-visit/en', payload: body.payload, headers: body.headers, remoteAddress: '10.20.2.1' });
    expect(made.statusCode).toBe(201);
    // The visit awaits the host's approval, so its link is not handed out yet (issue 15 part 2); the link exists.
    expect(made.json().data.visit_url).toBeNull();
    const [visit] = await h.services.database.db.select().from(visits).where(eq(visits.id, made.json().data.visit_id));
    const visitUrl = linkToken(h.services.config.secretKey, visit!.id, visit!.linkNonce ?? '');
    const approval = (await mailsTo(h, p.host.email!))[0].text.match(/\/visit-approval\/([\w-]+)/)![1];
    await fill(org.entityId);
    for (const url of [
      `/api/check_image_qr_compliance_status_in_pre_registration/en/${p.link.code}`,
      `/api/get_custom_fields_to_expected_visit/en?link=${p.link.code}`,
      `/api/hosts/settings/${p.link.code}/${p.visitor.id}`,
      `/api/visit-by-visit-url/en/${visitUrl}`,
      `/api/visit-approval/en/${approval}`,
    ]) {
      expect((await call('GET', url, '10.20.2.2')).statusCode, url).toBe(429);
    }
    expect((await call('POST', '/api/check_user_found/en', '10.20.2.3', { link: p.link.code, email: 'limit@example.test', entity_id: org.entityId })).statusCode).toBe(429);
  });
});

describe('public calls reveal no more than the documents require', () => {
  it('host lookups answer ids and names only; the person check answers the four fields of rule 138 and whether a photo is on file (rule 134)', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const hosts = await call('POST', '/api/hosts/search', '10.20.3.1', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, search: 'helen' });
    expect(Object.keys(hosts.json().data[0]).sort()).toEqual(['full_name', 'id']);
    const person = await call('POST', '/api/check_user_entity/en', '10.20.3.1', { journey_flow_id: p.link.code, user_type_id: p.visitor.id, email: p.host.email });
    expect(Object.keys(person.json().data).sort()).toEqual(['can_change_user_type', 'has_image', 'user_exists', 'user_type', 'user_type_id']);
    expect(Object.keys(person.json().data.user_type)).toEqual(['name']);
    const found = await call('POST', '/api/check_user_found/en', '10.20.3.1', { link: p.link.code, email: p.host.email, entity_id: org.entityId });
    expect(found.json()).toEqual({ data: { found: 1 } });
  });

  it('link codes and visit tokens are long and random; a guessed one is 404', async () => {
    const org = await createOrg(h);
    const a = await createPlace(h, org);
    const b = await createPlace(h, org);
    expect(a.link.code).toMatch(/^[\w-]{32}$/);
    expect(a.link.code).not.toBe(b.link.code);
    expect((await call('GET', `/api/get_pre_registration_user_type/en/${a.link.code.slice(0, -1)}${a.link.code.endsWith('A') ? 'B' : 'A'}`, '10.20.4.1')).statusCode).toBe(404);
    expect((await call('GET', `/api/visit-by-visit-url/en/${'B'.repeat(43)}`, '10.20.4.1')).statusCode).toBe(404);
  });
});
