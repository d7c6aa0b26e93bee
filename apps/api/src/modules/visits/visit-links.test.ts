import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { journeyFlows, visits } from '../../db/schema/index';
import { issueSession } from '../../platform/auth/sessions';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createAccount, createOrg, createPowerless, type Org } from '../../../test/factories';
import { createPlace, dayAhead, image, multipart, type Place, visitRow } from './test-fixtures';
import { mailsTo } from '../../../test/mime';
import { linkToken } from './visit-link';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const pub = () => api(h.app);
let n = 0;
async function register(p: Place, opts: { lang?: string; userTypeId?: number; email?: string; host?: number; image?: Buffer; company?: string | null } = {}) {
  n += 1;
  const email = opts.email ?? `link${n}-${Date.now()}@example.test`;
  const body = multipart(
    {
      journey_id: p.link.code,
      user_type_id: String(opts.userTypeId ?? p.visitor.id),
      visit_date: dayAhead(),
      visit_time: `${String(8 + (n % 10)).padStart(2, '0')}:00:00`,
      first_name: 'Lina',
      last_name: 'Link',
      email,
      phone: String(600000000 + n + Math.floor(Math.random() * 1e6)),
      ...(opts.company === null ? {} : { company_name: opts.company ?? 'Acme, Ltd' }),
      ...(opts.host ? { host: String(opts.host) } : {}),
    },
    opts.image ? { image: { data: opts.image, filename: 'me.jpg', type: 'image/jpeg' } } : {},
  );
  const res = await h.app.inject({ method: 'POST', url: `/api/create-expected-visit/${opts.lang ?? 'en'}`, payload: body.payload, headers: body.headers, remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  expect(res.statusCode).toBe(201);
  return { ...(res.json().data as { visit_id: number; visit_url: string | null }), email };
}
const setVisit = (org: Org, id: number, values: Partial<typeof visits.$inferInsert>) =>
  withTenant(h.services.database.db, org.entityId, (tx) => tx.update(visits).set(values).where(eq(visits.id, id)));

describe('visit-by-visit-url: the link lifecycle (rules 142-148)', () => {
  it('answers the visit metadata of rule 142 for an open link, 404 for an unknown one', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p);
    const res = await pub().get(`/api/visit-by-visit-url/en/${v.visit_url}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_expired: 0, reason: null, message: null, is_confirmed: 0, visitId: v.visit_id, serverUrl: 'http://localhost:3000', passport_id: null });
    expect(res.body.data.user).toEqual({ first_name: 'Lina', last_name: 'Link', email: v.email, phone: expect.any(String), company_name: 'Acme, Ltd' });
    expect((await pub().get(`/api/visit-by-visit-url/en/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await pub().get(`/api/visit-by-visit-url/en/bad!`)).status).toBe(400);
  });

  const cases: [string, string, Partial<typeof visits.$inferInsert>, Record<'en' | 'ar' | 'es', string>][] = [
    ['VISIT_REJECTED', 'rejected', { approvalState: 'rejected' }, {
      en: 'Your confirmation link has expired because your visit has not been approved. Please contact the system admin for further details.',
      ar: 'انتهت صلاحية رابط التأكيد الخاص بك لأنه لم تتم الموافقة على زيارتك. يرجى التواصل مع مسؤول النظام لمزيد من التفاصيل.',
      es: 'Su enlace de confirmación ha caducado porque su visita no ha sido aprobada. Póngase en contacto con el administrador del sistema para más información.',
    }],
    ['VISIT_DELETED', 'deleted', { status: 'deleted' }, {
      en: 'Your confirmation link has expired because your visit has been deleted. Please contact the system admin for further details.',
      ar: 'انتهت صلاحية رابط التأكيد الخاص بك لأنه تم حذف زيارتك. يرجى التواصل مع مسؤول النظام لمزيد من التفاصيل.',
      es: 'Su enlace de confirmación ha caducado porque su visita ha sido eliminada. Póngase en contacto con el administrador del sistema para más información.',
    }],
    ['VISIT_EXPIRED', 'missed', { linkExpiresAt: new Date(Date.now() - 60_000) }, {
      en: 'Your confirmation link has expired because you missed your appointment. Please contact the system admin for further details.',
      ar: 'انتهت صلاحية رابط التأكيد الخاص بك لأنك فوّت موعدك. يرجى التواصل مع مسؤول النظام لمزيد من التفاصيل.',
      es: 'Su enlace de confirmación ha caducado porque no acudió a su cita. Póngase en contacto con el administrador del sistema para más información.',
    }],
    ['SCAN_EXPIRED', 'arrived', { status: 'signed_in' }, {
      en: 'Your confirmation link has expired because you have already arrived at the area. Please contact the system admin for further details.',
      ar: 'انتهت صلاحية رابط التأكيد الخاص بك لأنك وصلت بالفعل إلى المنطقة. يرجى التواصل مع مسؤول النظام لمزيد من التفاصيل.',
      es: 'Su enlace de confirmación ha caducado porque ya ha llegado a la zona. Póngase en contacto con el administrador del sistema para más información.',
    }],
    ['VISIT_CONFIRMED', 'already confirmed (rule 147)', { confirmationState: 'confirmed' }, {
      en: 'Your confirmation link has expired because you have already confirmed your visit. Please contact the system admin for further details.',
      ar: 'انتهت صلاحية رابط التأكيد الخاص بك لأنك أكدت زيارتك بالفعل. يرجى التواصل مع مسؤول النظام لمزيد من التفاصيل.',
      es: 'Su enlace de confirmación ha caducado porque ya ha confirmado su visita. Póngase en contacto con el administrador del sistema para más información.',
    }],
  ];
  for (const [reason, label, change, messages] of cases) {
    it(`rule 146: ${reason} (${label}) expires the link with its exact message in en, ar and es, and confirming is refused`, async () => {
      const org = await createOrg(h);
      const p = await createPlace(h, org);
      const v = await register(p);
      await setVisit(org, v.visit_id, change);
      for (const lang of ['en', 'ar', 'es'] as const) {
        const res = await pub().get(`/api/visit-by-visit-url/${lang}/${v.visit_url}`);
        expect(res.body.data).toMatchObject({ is_expired: 1, reason, message: messages[lang] });
      }
      const confirm = await pub().post('/api/confirm/visit/en', { _method: 'PUT', visit_url: v.visit_url });
      expect(confirm.status).toBe(410);
      expect(confirm.body).toMatchObject({ code: reason, message: messages.en });
    });
  }

  it('rule 148: the compliance link variant begins "Your compliance link has expired because" and stays open once confirmed', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p);
    await setVisit(org, v.visit_id, { confirmationState: 'confirmed' });
    const open = await pub().get(`/api/visit-by-visit-url/en/${v.visit_url}?type=compliance`);
    expect(open.body.data).toMatchObject({ is_expired: 0, is_confirmed: 1 });
    await setVisit(org, v.visit_id, { status: 'deleted' });
    const gone = await pub().get(`/api/visit-by-visit-url/en/${v.visit_url}?type=compliance`);
    expect(gone.body.data.message).toBe('Your compliance link has expired because your visit has been deleted. Please contact the system admin for further details.');
  });
});

describe('confirm/visit (rule 141)', () => {
  it('confirms with _method=PUT, corrects details, and a second use shows the already-confirmed message', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p);
    const form = multipart({ _method: 'PUT', visit_url: v.visit_url!, visit_id: String(v.visit_id), 'user[first_name]': 'Lena', 'user[company_name]': 'Acme Group', custom_fields: JSON.stringify([{ custom_field_id: 3, type: 'toggle', value: 1 }]) });
    const res = await h.app.inject({ method: 'POST', url: '/api/confirm/visit/es', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Su visita está confirmada.', data: { visit_id: v.visit_id, is_confirmed: 1 } });
    const row = await visitRow(h, org, v.visit_id);
    expect(row).toMatchObject({ confirmationState: 'confirmed', companyName: 'Acme Group', customFields: [{ custom_field_id: 3, type: 'toggle', value: '1' }] });
    const meta = await pub().get(`/api/visit-by-visit-url/en/${v.visit_url}`);
    expect(meta.body.data).toMatchObject({ is_expired: 1, reason: 'VISIT_CONFIRMED', is_confirmed: 1, user: { first_name: 'Lena' } });
    const twice = await pub().post('/api/confirm/visit/en', { _method: 'PUT', visit_url: v.visit_url });
    expect(twice.status).toBe(410);
  });

  it('refuses bad input, a wrong visit id and another visitor\'s phone (rule 171) without confirming', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const a = await register(p);
    const b = await register(p);
    expect((await pub().post('/api/confirm/visit/en', { _method: 'PUT' })).status).toBe(400);
    expect((await pub().post('/api/confirm/visit/en', { _method: 'PUT', visit_url: a.visit_url, user: { email: 'bad' } })).status).toBe(400);
    expect((await pub().post('/api/confirm/visit/en', { _method: 'PUT', visit_url: a.visit_url, visit_id: b.visit_id })).status).toBe(404);
    const taken = await pub().post('/api/confirm/visit/en', { _method: 'PUT', visit_url: a.visit_url, user: { email: b.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email).toEqual(['This email is already in use.']);
    const check = await pub().post('/api/validate-user-update', { visit_url: a.visit_url, email: b.email });
    expect(check.status).toBe(409);
    expect((await pub().post('/api/validate-user-update', { visit_url: a.visit_url, email: 'fresh@example.test' })).status).toBe(200);
    expect((await pub().post('/api/validate-user-update', { visit_url: 'x' })).status).toBe(400);
    expect((await visitRow(h, org, a.visit_id)).confirmationState).toBe('pending');
  });

  it('rule 134: confirming asks for a photo only when the flow requires one and the person has none', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org, { visitorType: { profilePhoto: true } });
    const v = await register(p, { image: await image(300, 400) });
    const ok = await pub().post('/api/confirm/visit/en', { _method: 'PUT', visit_url: v.visit_url });
    expect(ok.status).toBe(200);
  });

  it('passport users confirm through /api/visit/confirm with their passport session only', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const account = await createAccount(h);
    const v = await register(p, { email: account.email });
    await setVisit(org, v.visit_id, { passportId: account.passportId });
    const stranger = await createAccount(h);
    const strangerToken = (await issueSession(h.services.database.db, stranger.id, null, 'passport')).token;
    const token = (await issueSession(h.services.database.db, account.id, null, 'passport')).token;
    expect((await pub().post('/api/visit/confirm', { visit_url: v.visit_url })).status).toBe(401);
    expect((await api(h.app, strangerToken).post('/api/visit/confirm', { visit_url: v.visit_url })).status).toBe(404);
    expect((await api(h.app, token).post('/api/visit/confirm', { visit_id: v.visit_id })).status).toBe(400);
    const res = await api(h.app, token).post('/api/visit/confirm', { visit_url: v.visit_url, visit_id: v.visit_id });
    expect(res.status).toBe(200);
    expect((await pub().get(`/api/visit-by-visit-url/en/${v.visit_url}`)).body.data).toMatchObject({ reason: 'VISIT_CONFIRMED', passport_id: account.passportId });
    // Rule 147 for the passport variant: a second use answers the already-confirmed message.
    const again = await api(h.app, token).post('/api/visit/confirm', { visit_url: v.visit_url, visit_id: v.visit_id });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'VISIT_CONFIRMED', message: 'Your confirmation link has expired because you have already confirmed your visit. Please contact the system admin for further details.' });
  });

  it('rules 144-146 hold for the passport variant: a rejected, deleted, missed or arrived visit cannot be confirmed by its passport holder', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const account = await createAccount(h);
    const token = (await issueSession(h.services.database.db, account.id, null, 'passport')).token;
    const changes: [string, Parameters<typeof setVisit>[2], string][] = [
      ['VISIT_REJECTED', { approvalState: 'rejected' }, 'Your confirmation link has expired because your visit has not been approved. Please contact the system admin for further details.'],
      ['VISIT_DELETED', { status: 'deleted' }, 'Your confirmation link has expired because your visit has been deleted. Please contact the system admin for further details.'],
      ['VISIT_EXPIRED', { linkExpiresAt: new Date(Date.now() - 60_000) }, 'Your confirmation link has expired because you missed your appointment. Please contact the system admin for further details.'],
      ['SCAN_EXPIRED', { status: 'signed_in' }, 'Your confirmation link has expired because you have already arrived at the area. Please contact the system admin for further details.'],
    ];
    for (const [reason, change, message] of changes) {
      const v = await register(p, { email: `pp-${reason.toLowerCase()}-${account.email}` });
      await setVisit(org, v.visit_id, { passportId: account.passportId, ...change });
      const res = await api(h.app, token).post('/api/visit/confirm', { visit_url: v.visit_url, visit_id: v.visit_id });
      expect([res.status, res.body.code, res.body.message]).toEqual([410, reason, message]);
      expect((await pub().get(`/api/visit-by-visit-url/en/${v.visit_url}`)).body.data).toMatchObject({ is_expired: 1, reason, passport_id: account.passportId });
    }
  });
});

describe('mail', () => {
  it('the confirmation mail carries a text part, the QR code of the visit link (cid) and an iCalendar invitation, in the visitor\'s language', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p, { lang: 'es' });
    const [mail] = await mailsTo(h, v.email);
    expect(mail.subject).toBe(`Su visita a Org ${org.subdomain} el ${dayAhead()} a las ${(await visitRow(h, org, v.visit_id)).visitTime!.slice(0, 5)}`);
    const link = `http://localhost:3000/c/${v.visit_url}`;
    expect(mail.text).toContain('Su visita a Northfield School, Reception está reservada');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('src="cid:visit-qr"');
    const qr = mail.parts.find((x) => x.headers['content-type']?.startsWith('image/png'))!;
    expect(qr.headers['content-id']).toBe('<visit-qr>');
    const expected = await QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
    expect(qr.body.equals(expected)).toBe(true);
    const ics = mail.parts.find((x) => x.headers['content-type']?.startsWith('text/calendar'))!.body.toString('utf8');
    const row = await visitRow(h, org, v.visit_id);
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics).toContain(`UID:visit-${v.visit_id}@gatehouse\r\n`);
    expect(ics).toContain(`DTSTART:${stamp(row.expectedAt!)}\r\n`);
    expect(ics).toContain(`DTEND:${stamp(new Date(row.expectedAt!.getTime() + 3_600_000))}\r\n`);
    expect(ics).toContain('SUMMARY:Visita a Northfield School\\, Reception\r\n');
    expect(ics).toContain('LOCATION:Northfield School\\, Reception\r\n');
    expect(ics).toMatch(/ORGANIZER;CN=Org [a-z0-9]+:mailto:\S+@\S+\r\n/);
    expect(ics).toContain('END:VEVENT\r\nEND:VCALENDAR\r\n');
  });

  it('a visit needing approval mails the host a single-use link; approving from it mails the visitor the outcome', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p, { userTypeId: p.contractor.id, host: p.host.id, lang: 'ar' });
    const [pending] = await mailsTo(h, v.email);
    expect(pending.text).toContain('يجب أن يوافق المضيف عليه');
    // Nothing that signs in before approval: no link, no QR code, no calendar invitation.
    expect(v.visit_url).toBeNull();
    expect(pending.text).not.toContain('/c/');
    expect(pending.parts.some((x) => x.headers['content-type']?.startsWith('image/') || x.headers['content-type']?.startsWith('text/calendar'))).toBe(false);
    const [request] = await mailsTo(h, p.host.email!);
    expect(request.subject).toBe(`Apruebe la visita de Lina Link el ${dayAhead()}`);
    expect(request.text).toContain('Lina Link (Acme, Ltd) se ha registrado');
    const token = request.text.match(/\/visit-approval\/([\w-]+)/)![1];
    const view = await pub().get(`/api/visit-approval/es/${token}`);
    expect(view.body.data).toMatchObject({ id: v.visit_id, approval_state: 'pending' });
    const ok = await pub().post(`/api/visit-approval/es/${token}`, { action: 'approve' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Visita aprobada.');
    const again = await pub().post(`/api/visit-approval/es/${token}`, { action: 'reject' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Este enlace de aprobación no es válido o ya se ha utilizado.');
    expect((await visitRow(h, org, v.visit_id)).approvalState).toBe('approved');
    const outcome = (await mailsTo(h, v.email)).at(-1)!;
    expect(outcome.subject).toBe(`تمت الموافقة على زيارتك بتاريخ ${dayAhead()}`);
    expect(outcome.parts.some((x) => x.headers['content-type']?.startsWith('text/calendar'))).toBe(true);
    expect(outcome.parts.some((x) => x.headers['content-type']?.startsWith('image/png'))).toBe(true);
    expect(outcome.text).toMatch(/\/c\/[\w-]{40,}/);
  });

  it('rejecting from the console mails the visitor and the links stop working (VISIT_REJECTED)', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p, { userTypeId: p.contractor.id, host: p.host.id });
    const res = await api(h.app, org.token).post('/api/reject-visit', { entity_id: org.entityId, visit_id: v.visit_id });
    expect(res.status).toBe(200);
    expect((await mailsTo(h, v.email)).at(-1)!.subject).toBe(`Your visit on ${dayAhead()} was not approved`);
    const row = await visitRow(h, org, v.visit_id);
    const url = linkToken(h.services.config.secretKey, row.id, row.linkNonce!);
    expect((await pub().get(`/api/visit-by-visit-url/en/${url}`)).body.data.reason).toBe('VISIT_REJECTED');
    const [request] = await mailsTo(h, p.host.email!);
    const token = request.text.match(/\/visit-approval\/([\w-]+)/)![1];
    expect((await pub().post(`/api/visit-approval/en/${token}`, { action: 'approve' })).status).toBe(404);
  });
});

describe("the host's approval link", () => {
  it('is long and random, and stops working once the visit has passed', async () => {
    const org = await createOrg(h);
    const p = await createPlace(h, org);
    const v = await register(p, { userTypeId: p.contractor.id, host: p.host.id, company: null });
    const request = (await mailsTo(h, p.host.email!))[0];
    // Issue 15 part 8: no company, no "(-)".
    expect(request.text).toContain('Lina Link');
    expect(request.text).not.toMatch(/Lina Link \(/);
    const token = request.text.match(/\/visit-approval\/([\w-]+)/)![1];
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect((await pub().get(`/api/visit-approval/en/${token}`)).status).toBe(200);
    await setVisit(org, v.visit_id, { linkExpiresAt: new Date(Date.now() - 1000) });
    expect((await pub().get(`/api/visit-approval/en/${token}`)).status).toBe(404);
    expect((await pub().post(`/api/visit-approval/en/${token}`, { action: 'approve' })).status).toBe(404);
    expect((await pub().get(`/api/visit-approval/en/${'a'.repeat(43)}`)).status).toBe(404);
    expect((await pub().get('/api/visit-approval/en/short')).status).toBe(400);
  });
});

describe('sharing a pre-registration link (console)', () => {
  it('makes, lists and turns off links for a journey or one flow; 401, 403, 404 and 400 as usual', async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const q = await createPlace(h, other);
    const body = { entity_id: org.entityId, journey_id: p.journey.id, area_id: p.area.id };
    const made = await api(h.app, org.token).post('/api/pre_registration_link', body);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ journey_id: p.journey.id, journey_flow_id: null, area_id: p.area.id, expires_at: null, active: 1 });
    expect(made.body.data.code).toMatch(/^[\w-]{32}$/);
    expect(made.body.data.url).toBe(`http://localhost:3000/pre-registration/${made.body.data.code}`);
    const types = await pub().get(`/api/get_pre_registration_user_type/en/${made.body.data.code}`);
    expect(types.body.data.map((t: { name: string }) => t.name)).toEqual(['Visitor', 'Contractor']);
    const oneFlow = await api(h.app, org.token).post('/api/pre_registration_link', { ...body, journey_flow_id: p.contractorFlow.id, expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(oneFlow.status).toBe(201);
    expect((await pub().get(`/api/get_pre_registration_user_type/en/${oneFlow.body.data.code}`)).body.data).toEqual([
      { id: p.contractor.id, entity_id: org.entityId, name: 'Contractor', pre_registration_method: 'approval_required', journey_flow_id: p.contractorFlow.id },
    ]);
    expect((await api(h.app).post('/api/pre_registration_link', body)).status).toBe(401);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).post('/api/pre_registration_link', body)).status).toBe(403);
    expect((await api(h.app, org.token).post('/api/pre_registration_link', { ...body, journey_id: q.journey.id })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/pre_registration_link', { ...body, area_id: q.area.id })).status).toBe(404);
    expect((await api(h.app, org.token).post('/api/pre_registration_link', { ...body, journey_flow_id: q.flow.id })).status).toBe(400);
    expect((await api(h.app, org.token).post('/api/pre_registration_link', { ...body, expires_at: 'tomorrow' })).status).toBe(400);
    // Only the staff flow (registered by admin): nobody could pre-register through it.
    const staffFlow = (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(journeyFlows).where(eq(journeyFlows.userTypeId, p.staff.id))))[0];
    const useless = await api(h.app, org.token).post('/api/pre_registration_link', { ...body, journey_flow_id: staffFlow.id });
    expect(useless.status).toBe(400);
    expect(useless.body.message).toBe('Registration is not available via this link.');
    const list = await api(h.app, org.token).get(`/api/pre_registration_links/${org.entityId}`);
    expect(list.body.count).toBe(3);
    expect((await api(h.app, org.token).get(`/api/pre_registration_links/${other.entityId}`)).status).toBe(404);
    const off = await api(h.app, org.token).put(`/api/pre_registration_link/${made.body.data.id}`, { active: 0 });
    expect(off.body.data.active).toBe(0);
    expect((await pub().get(`/api/get_pre_registration_user_type/en/${made.body.data.code}`)).status).toBe(404);
    expect((await api(h.app, other.token).put(`/api/pre_registration_link/${made.body.data.id}`, { active: 1 })).status).toBe(404);
  });

  it("lists one journey's links, offers its areas and pre-registrable flows, and draws a link's QR code", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const p = await createPlace(h, org);
    const p2 = await createPlace(h, org);
    const q = await createPlace(h, other);
    const mine = await api(h.app, org.token).get(`/api/pre_registration_links/${org.entityId}?journey_id=${p.journey.id}`);
    expect(mine.body.data.map((l: { id: number }) => l.id)).toEqual([p.link.id]);
    expect((await api(h.app, org.token).get(`/api/pre_registration_links/${org.entityId}`)).body.count).toBe(2);

    // Both places' areas (the journey names no site, so every site may be used); the staff flow (by admin) is not offered (rule 156).
    const options = await api(h.app, org.token).get(`/api/pre_registration_link_options/${p.journey.id}`);
    expect(options.status).toBe(200);
    expect(options.body.data.areas.map((a: { id: number }) => a.id).sort()).toEqual([p.area.id, p2.area.id].sort());
    expect(options.body.data.flows).toEqual([
      { id: p.flow.id, user_type_id: p.visitor.id, user_type_name: 'Visitor' },
      { id: p.contractorFlow.id, user_type_id: p.contractor.id, user_type_name: 'Contractor' },
    ]);
    expect((await api(h.app, org.token).get(`/api/pre_registration_link_options/${q.journey.id}`)).status).toBe(404);
    const powerless = await createPowerless(h, org);
    expect((await api(h.app, powerless.token).get(`/api/pre_registration_link_options/${p.journey.id}`)).status).toBe(403);

    const qr = await api(h.app, org.token).get(`/api/pre_registration_link_qr/${p.link.id}`);
    expect(qr.body.data.url).toBe(`http://localhost:3000/pre-registration/${p.link.code}`);
    expect(qr.body.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect((await api(h.app, org.token).get(`/api/pre_registration_link_qr/${q.link.id}`)).status).toBe(404);
    expect((await api(h.app, powerless.token).get(`/api/pre_registration_link_qr/${p.link.id}`)).status).toBe(403);
  });
});
