import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { createPlace } from './test-fixtures';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());

const pub = () => api(h.app);

/** Issue 15 part 7: words administrators write are given in en, ar and es; each visitor reads their language. */
describe("the visitor's language on a pre-registration link", () => {
  it('names the user type, the custom fields (label and options) and the entry condition in ar and es, the written text otherwise', async () => {
    const org = await createOrg(h, { plan: 2 });
    const admin = api(h.app, org.token);
    const condition = await admin.post('/api/compliance', {
      name: 'Health questionnaire',
      name_i18n: { ar: 'استبيان صحي', es: 'Cuestionario de salud' },
      questions: [{ question: 'Do you have a fever?', question_i18n: { ar: 'هل لديك حمى؟', es: '¿Tiene fiebre?' }, desired_answer: 'negative' }],
      agreement_text: 'I follow the rules.',
      agreement_text_i18n: { es: 'Sigo las normas.' },
      statement: 'My answers are true.',
      statement_i18n: { ar: 'إجاباتي صحيحة.' },
      asks_certificate: 0,
    });
    expect(condition.status).toBe(201);
    const p = await createPlace(h, org, { flow: { complianceId: condition.body.data.id, complianceFrequency: 'everytime' } });
    const type = (await admin.get(`/api/user-type/${p.visitor.id}`)).body.data;
    const renamed = await admin.put(`/api/user-type/update/${p.visitor.id}`, { ...type, name_i18n: { ar: 'زائر', es: 'Visitante' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name_i18n).toEqual({ ar: 'زائر', es: 'Visitante' });
    // A body without translations keeps them.
    await admin.put(`/api/user-type/update/${p.visitor.id}`, { ...type, name_i18n: undefined });
    expect((await admin.get(`/api/user-type/${p.visitor.id}`)).body.data.name_i18n).toEqual({ ar: 'زائر', es: 'Visitante' });
    const section = await admin.post('/api/section', {
      value: 'Visit',
      custom_fields: [
        { name: 'Meal', name_i18n: { ar: 'الوجبة', es: 'Comida' }, type: 'radio', options: ['Vegetarian', 'Halal'], options_i18n: [{ ar: 'نباتي', es: 'Vegetariana' }, {}], fillable_by_user: 1 },
      ],
    });
    expect(section.status).toBe(201);
    expect(section.body.data.custom_fields[0]).toMatchObject({ name_i18n: { ar: 'الوجبة', es: 'Comida' }, options_i18n: [{ ar: 'نباتي', es: 'Vegetariana' }, {}] });

    const typesEs = await pub().get(`/api/get_pre_registration_user_type/es/${p.link.code}`);
    expect(typesEs.body.data.find((u: { id: number }) => u.id === p.visitor.id).name).toBe('Visitante');
    const typesEn = await pub().get(`/api/get_pre_registration_user_type/en/${p.link.code}`);
    expect(typesEn.body.data.find((u: { id: number }) => u.id === p.visitor.id).name).toBe('Visitor');

    const fieldsAr = await pub().get(`/api/get_custom_fields_to_expected_visit/ar?link=${p.link.code}&user_type_id=${p.visitor.id}`);
    expect(fieldsAr.body.data[0].custom_fields[0]).toMatchObject({ name: 'الوجبة', options: ['Vegetarian', 'Halal'], option_labels: ['نباتي', 'Halal'] });

    const settingsAr = await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/ar/${p.link.code}?user_type_id=${p.visitor.id}`);
    expect(settingsAr.body.data.compliance).toMatchObject({ name: 'استبيان صحي', agreement_text: 'I follow the rules.', statement: 'إجاباتي صحيحة.' });
    expect(settingsAr.body.data.compliance.questions[0].question).toBe('هل لديك حمى؟');
    const settingsEs = await pub().get(`/api/check_image_qr_compliance_status_in_pre_registration/es/${p.link.code}?user_type_id=${p.visitor.id}`);
    expect(settingsEs.body.data.compliance).toMatchObject({ name: 'Cuestionario de salud', agreement_text: 'Sigo las normas.', statement: 'My answers are true.' });

    // The visitor sends the written option back, whatever language they read it in.
    const fieldId = fieldsAr.body.data[0].custom_fields[0].custom_field_id;
    const bad = await admin.post('/api/section', { value: 'Other', custom_fields: [{ name: 'Bad', type: 'text', name_i18n: { de: 'Schlecht' } }] });
    expect(bad.status).toBe(400);
    expect(fieldId).toBeGreaterThan(0);
  });
});
