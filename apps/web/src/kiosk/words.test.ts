import { describe, expect, it } from 'vitest';
import type { KioskConfig, KioskFlow } from './api';
import { localizeConfig, optionLabel } from './words';

const flow = {
  id: 1,
  name: 'Visitors',
  description: null,
  user_type: { id: 2, name: 'Visitor', name_i18n: { ar: 'زائر', es: 'Visitante' } },
  walk_in: 1,
  mandatory: [],
  host: { required: 0, allow_no_host: 1 },
  temperature_check: 0,
  mask_check: 0,
  print_badge: 0,
  photo: 0,
  custom_fields: [{ id: 3, name: 'Meal', name_i18n: { es: 'Comida' }, type: 'radio', display: null, options: ['Vegetarian', 'Halal'], options_i18n: [{ ar: 'نباتي' }], required: 0 }],
  compliance: {
    id: 4,
    name: 'Health',
    name_i18n: { ar: 'الصحة' },
    questions: [{ id: 'q1', question: 'Fever?', question_i18n: { ar: 'حمى؟', es: '¿Fiebre?' } }],
    agreement_text: 'Rules',
    statement: 'True',
    statement_i18n: { es: 'Cierto' },
  },
} as KioskFlow;
const config = { kiosk: { id: 1, name: 'Door' }, entity: { id: 1, name: 'Org', logo: null }, site: null, area: null, journey_id: 1, settings: {}, journey: { flows: [flow] } } as unknown as KioskConfig;

describe('the kiosk in the visitor’s language (issue 15 part 7)', () => {
  it('shows the translated user type, field, question and statement, the written text where none was given', () => {
    const ar = localizeConfig(config, 'ar').journey!.flows[0];
    expect(ar.user_type.name).toBe('زائر');
    expect(ar.custom_fields[0].name).toBe('Meal');
    expect(ar.compliance).toMatchObject({ name: 'الصحة', agreement_text: 'Rules', statement: 'True' });
    expect(ar.compliance!.questions[0].question).toBe('حمى؟');
    const es = localizeConfig(config, 'es').journey!.flows[0];
    expect(es).toMatchObject({ user_type: { name: 'Visitante' }, custom_fields: [{ name: 'Comida', options: ['Vegetarian', 'Halal'] }], compliance: { statement: 'Cierto' } });
    expect([0, 1].map((i) => optionLabel(flow.custom_fields[0], i, 'ar'))).toEqual(['نباتي', 'Halal']);
  });

  it('keeps a configuration cached before translations existed as written', () => {
    const old = { ...flow, user_type: { id: 2, name: 'Visitor' }, custom_fields: [{ ...flow.custom_fields[0], name_i18n: undefined, options_i18n: undefined }] } as KioskFlow;
    const shown = localizeConfig({ ...config, journey: { ...config.journey!, flows: [old] } }, 'ar').journey!.flows[0];
    expect(shown.user_type.name).toBe('Visitor');
    expect(optionLabel(old.custom_fields[0], 0, 'ar')).toBe('Vegetarian');
  });
});
