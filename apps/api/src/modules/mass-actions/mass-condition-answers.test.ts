import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceUsers, journeyFlows, scans, visits } from '../../db/schema/index';
import { createOrg, type Org } from '../../../test/factories';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { fixtures } from '../signin/testing';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const NOTES = 'Checked with the nurse: a mild cold, no fever.';

/** A site whose area asks Visitors the daily "Health declaration" (one question, passing answer: negative). */
async function desk(org: Org) {
  const f = fixtures(h, org);
  const site = await f.site({ name: 'Hill School' });
  const area = await f.area(site.id, { name: 'Hall' });
  const visitorType = await f.userType('Visitor');
  const health = await f.condition('Health declaration');
  const { flow } = await f.flow(area.id, visitorType.id, { complianceId: health.id, complianceFrequency: 'daily' });
  const vera = await f.person({ firstName: 'Vera', lastName: 'Vance', userTypeId: visitorType.id });
  const wes = await f.person({ firstName: 'Wes', lastName: 'Wong', userTypeId: visitorType.id });
  return { f, site, area, health, flow, vera, wes, a: api(h.app, org.token) };
}

type Row = { id: number; compliance_status: string; compliances: { id: number; status: string | null; form_metadata: unknown; notes: string | null }[] };
const rows = async (d: Awaited<ReturnType<typeof desk>>) => (await d.a.post('/api/mass-action-signin', { site_id: d.site.id, area_id: d.area.id })).body.data[0].users as Row[];
const answersOf = (d: Awaited<ReturnType<typeof desk>>, userId: number) => d.f.run((tx) => tx.select().from(complianceUsers).where(eq(complianceUsers.userId, userId)));
const answer = (a: 'positive' | 'negative') => ({ answers: [{ question_id: 'fever', answer: a }], agreed: true });

describe('mass sign-in: the entry condition answered at the desk (rules 210-211, 222-223, 226)', () => {
  it("rule 223: a due condition comes with its questions (and the answer that passes); a valid pass does not", async () => {
    const org = await createOrg(h);
    const d = await desk(org);
    await d.f.answer(d.wes.id, d.health, 'success', new Date(Date.now() - 60_000));
    const users = await rows(d);
    expect(users.find((u) => u.id === d.vera.id)).toMatchObject({
      compliance_status: 'pending',
      compliances: [
        {
          id: d.health.id,
          status: null,
          notes: null,
          form_metadata: { questions: [{ id: 'fever', question: 'Fever?', desired_answer: 'negative' }], agreement_text: 'I agree.', statement: 'True.' },
        },
      ],
    });
    expect(users.find((u) => u.id === d.wes.id)).toMatchObject({ compliance_status: 'passed', compliances: [{ status: 'success', form_metadata: null }] });
    // Yesterday's pass is not today's (daily): the form is asked again.
    await d.f.run((tx) => tx.update(complianceUsers).set({ createdAt: new Date(Date.now() - 2 * DAY) }).where(eq(complianceUsers.userId, d.wes.id)));
    expect((await rows(d)).find((u) => u.id === d.wes.id)).toMatchObject({ compliance_status: 'pending', compliances: [{ form_metadata: { questions: [{ id: 'fever' }] } }] });
  });

  it("rules 198, 214: 'everytime' is met by a pass for today's expected visit here, as the sign-in takes it without answers", async () => {
    const org = await createOrg(h);
    const d = await desk(org);
    await d.f.run((tx) => tx.update(journeyFlows).set({ complianceFrequency: 'everytime' }).where(eq(journeyFlows.id, d.flow.id)));
    // Vera answered online for this afternoon's visit; Wes passed a minute ago, but for no visit (not enough 'everytime').
    const [visit] = await d.f.run((tx) => tx.insert(visits).values({ entityId: org.entityId, userId: d.vera.id, areaId: d.area.id, status: 'expected', expectedAt: new Date(Date.now() + 20 * 60_000) }).returning());
    await d.f.answer(d.vera.id, d.health, 'success', new Date(Date.now() - 3_600_000), visit.id);
    await d.f.answer(d.wes.id, d.health, 'success', new Date(Date.now() - 60_000));
    const users = await rows(d);
    expect(users.find((u) => u.id === d.vera.id)).toMatchObject({ compliance_status: 'passed', compliances: [{ status: 'success', form_metadata: null }] });
    expect(users.find((u) => u.id === d.wes.id)).toMatchObject({ compliance_status: 'pending', compliances: [{ status: null, form_metadata: { questions: [{ id: 'fever' }] } }] });
    // What the list says is what the sign-in does: Vera without answers, Wes refused for want of them.
    const res = await d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: d.vera.id }, { id: d.wes.id }] });
    expect(res.body.data.applied).toMatchObject([{ user_id: d.vera.id, action: 'in' }]);
    expect((await d.f.run((tx) => tx.select().from(visits).where(eq(visits.id, visit.id))))[0].status).toBe('signed_in');
    expect(res.body.data.skipped).toMatchObject([{ user_id: d.wes.id }]);
    // A visit expected tomorrow is not the one a sign-in now would take.
    await d.f.run((tx) => tx.update(visits).set({ expectedAt: new Date(Date.now() + 26 * 3_600_000), status: 'expected' }).where(eq(visits.id, visit.id)));
    await d.f.run((tx) => tx.delete(scans).where(eq(scans.userId, d.vera.id)));
    expect((await rows(d)).find((u) => u.id === d.vera.id)).toMatchObject({ compliance_status: 'pending' });
  });

  it('answers that pass sign the person in and are kept with the scan (rule 214); the list then shows them signed in', async () => {
    const org = await createOrg(h);
    const d = await desk(org);
    const res = await d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: d.vera.id, compliance: answer('negative') }] });
    expect(res.status).toBe(200);
    expect(res.body.data.skipped).toEqual([]);
    const [applied] = res.body.data.applied;
    expect(applied).toMatchObject({ user_id: d.vera.id, action: 'in' });
    expect(await answersOf(d, d.vera.id)).toMatchObject([
      { complianceId: d.health.id, complianceVersionId: d.health.versionId, scanId: applied.scan_id, areaId: d.area.id, status: 'success', isWrong: false, answers: [{ question_id: 'fever', answer: 'negative', wrong: false }] },
    ]);
    expect((await rows(d)).find((u) => u.id === d.vera.id)).toMatchObject({ state: 'signed_in' });
  });

  it('rules 210-211, 226: a wrong answer without 20 characters of notes refuses only that person, with why; with them it passes and keeps the notes', async () => {
    const org = await createOrg(h);
    const d = await desk(org);
    const res = await d.a.post('/api/mass-action-apply-signin', {
      site_id: d.site.id,
      area_id: d.area.id,
      users: [
        { id: d.vera.id, compliance: answer('positive'), notes: 'a cold' },
        { id: d.wes.id, compliance: answer('negative') },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.applied.map((x: { user_id: number }) => x.user_id)).toEqual([d.wes.id]);
    expect(res.body.data.skipped).toEqual([
      {
        user_id: d.vera.id,
        full_name: 'Vera Vance',
        message: 'The answers to the entry condition “Health declaration” did not pass. Notes must be at least 20 characters when the entry conditions fail.',
      },
    ]);
    expect(await answersOf(d, d.vera.id)).toEqual([]);
    // The refusal is listed with the batch's errors, in the caller's language too.
    const errors = await d.a.post('/api/mass-action-signin/errors', { batch_id: res.body.data.batch_id });
    expect(errors.body.data).toEqual([expect.objectContaining({ user_id: d.vera.id, message: res.body.data.skipped[0].message })]);
    await d.a.post('/api/change-lang', { lang: 'es' });
    const es = await d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: d.vera.id, compliance: answer('positive') }] });
    expect(es.body.data.skipped[0].message).toBe('Las respuestas a la condición de entrada «Health declaration» no la superan. Las notas deben tener al menos 20 caracteres cuando no se superan las condiciones de entrada.');
    await d.a.post('/api/change-lang', { lang: 'en' });

    const excused = await d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: d.vera.id, compliance: answer('positive'), notes: NOTES }] });
    expect(excused.body.data.applied).toEqual([expect.objectContaining({ user_id: d.vera.id, action: 'in' })]);
    expect(await answersOf(d, d.vera.id)).toMatchObject([{ status: 'success', isWrong: true, notes: NOTES, answers: [{ answer: 'positive', wrong: true }] }]);
  });

  it('malformed answers are refused with 400 and field messages in the caller’s language, changing nothing', async () => {
    const org = await createOrg(h);
    const d = await desk(org);
    const send = async (user: object, lang = 'en') => {
      await d.a.post('/api/change-lang', { lang });
      return d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: d.vera.id, ...user }] });
    };
    const maybe = await send({ compliance: { answers: [{ question_id: 'fever', answer: 'maybe' }], agreed: true } });
    expect(maybe.status).toBe(400);
    expect(maybe.body.errors).toEqual({ 'users.0.compliance.answers.0.answer': ['Answer each question with yes (positive) or no (negative).'] });
    const notAgreed = await send({ compliance: { answers: [{ question_id: 'fever', answer: 'negative' }], agreed: false } });
    expect(notAgreed.body.errors).toEqual({ 'users.0.compliance.agreed': ['Please accept the agreement to continue.'] });
    const twice = await send({ compliance: { answers: [{ question_id: 'fever', answer: 'negative' }, { question_id: 'fever', answer: 'positive' }], agreed: true } });
    expect(twice.body.errors).toEqual({ 'users.0.compliance.answers': ['Answer each question of the entry condition once.'] });
    const longId = await send({ compliance: { answers: [{ question_id: 'x'.repeat(41), answer: 'negative' }], agreed: true } }, 'ar');
    expect(longId.body.errors).toEqual({ 'users.0.compliance.answers.0.question_id': ['يجب أن تشير كل إجابة إلى سؤال من أسئلة شرط الدخول.'] });
    const notList = await send({ compliance: { answers: 'negative', agreed: true } }, 'es');
    expect(notList.body.errors).toEqual({ 'users.0.compliance.answers': ['Envía las respuestas a la condición de entrada como una lista.'] });
    for (const hostile of [{ compliance: 'yes' }, { compliance: null }, { compliance: { answers: [null], agreed: true } }, { compliance: { answers: [{ question_id: 7, answer: 'negative' }], agreed: true } }, { compliance: { answers: Array(101).fill({ question_id: 'q', answer: 'negative' }), agreed: true } }]) {
      const res = await send(hostile);
      expect(res.status, JSON.stringify(hostile).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).every((k) => k.startsWith('users.0.compliance'))).toBe(true);
    }
    const repeated = await d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: d.vera.id }, { id: d.vera.id, compliance: answer('negative') }] });
    expect(repeated.body.errors).toEqual({ users: ['Each person can be chosen once.'] });
    const [visit] = await d.f.run((tx) => tx.select().from(scans).where(eq(scans.userId, d.vera.id)));
    expect(visit).toBeUndefined();
  });

  it("another organisation's condition is neither shown nor answered here: its questions refuse the person, as at the single sign-in", async () => {
    const org = await createOrg(h);
    const other = await createOrg(h);
    const d = await desk(org);
    const o = fixtures(h, other);
    const theirs = await o.condition('Their secret check');
    // Answers to questions that are not the flow's condition's are refused for that person only.
    const res = await d.a.post('/api/mass-action-apply-signin', {
      site_id: d.site.id,
      area_id: d.area.id,
      users: [{ id: d.vera.id, compliance: { answers: [{ question_id: 'their-q', answer: 'negative' }], agreed: true } }, { id: d.wes.id, compliance: answer('negative') }],
    });
    expect(res.body.data.applied.map((x: { user_id: number }) => x.user_id)).toEqual([d.wes.id]);
    expect(res.body.data.skipped).toEqual([{ user_id: d.vera.id, full_name: 'Vera Vance', message: 'Answer every question of the entry condition.' }]);
    // A flow pointing at their condition asks nothing here and never shows its questions.
    await d.f.run((tx) => tx.update(journeyFlows).set({ complianceId: theirs.id }).where(eq(journeyFlows.id, d.flow.id)));
    const row = (await rows(d)).find((u) => u.id === d.vera.id)!;
    expect(row).toMatchObject({ compliance_status: 'not_required', compliances: [] });
    // Their person, even with answers, is not known here (the single sign-in answers 404).
    const theirPerson = await o.person();
    const foreign = await d.a.post('/api/mass-action-apply-signin', { site_id: d.site.id, area_id: d.area.id, users: [{ id: theirPerson.id, compliance: answer('negative') }] });
    expect(foreign.body.data.skipped).toEqual([{ user_id: theirPerson.id, full_name: '', message: 'This person is not known here.' }]);
    expect((await d.a.post('/api/user_action', { area_id: d.area.id, user_id: theirPerson.id, action: 'in', compliance: answer('negative') })).status).toBe(404);
    expect(await o.run((tx) => tx.select().from(complianceUsers).where(and(eq(complianceUsers.entityId, other.entityId), eq(complianceUsers.complianceId, theirs.id))))).toEqual([]);
  });
});
