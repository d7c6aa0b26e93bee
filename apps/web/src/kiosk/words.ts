import { localized } from '@gatehouse/contract/localized';
import type { KioskConfig, KioskFlow } from './api';

/** A flow's written words (user type, custom fields and options, entry condition) in the visitor's language. */
function localizeFlow(f: KioskFlow, lang: string): KioskFlow {
  const c = f.compliance;
  return {
    ...f,
    user_type: { ...f.user_type, name: localized(f.user_type.name, f.user_type.name_i18n, lang) },
    // Options keep their written values (what is sent); the field shows them through `optionLabel`.
    custom_fields: f.custom_fields.map((field) => ({ ...field, name: localized(field.name, field.name_i18n, lang) })),
    compliance: c && {
      ...c,
      name: localized(c.name, c.name_i18n, lang),
      questions: c.questions.map((q) => ({ ...q, question: localized(q.question, q.question_i18n, lang) })),
      agreement_text: localized(c.agreement_text, c.agreement_text_i18n, lang),
      statement: localized(c.statement, c.statement_i18n, lang),
    },
  };
}

/**
 * The configuration as the kiosk shows it in `lang` (issue 15 part 7): what administrators wrote with translations
 * reads in the visitor's language, else as written. The kiosk switches language without loading its configuration
 * again, so it localizes here rather than asking the server.
 */
export const localizeConfig = (config: KioskConfig, lang: string): KioskConfig =>
  config.journey ? { ...config, journey: { ...config.journey, flows: config.journey.flows.map((f) => localizeFlow(f, lang)) } } : config;

/** An option of a custom field as the visitor reads it (the written option is the value sent). */
export const optionLabel = (field: KioskFlow['custom_fields'][number], index: number, lang: string) => localized(field.options[index], field.options_i18n?.[index], lang);
