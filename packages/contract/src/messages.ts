import type { Language } from './common';
import { core } from './messages/core';
import { roles } from './messages/roles';
import { places } from './messages/places';
import { people } from './messages/people';
import { journeysMessages } from './messages/journeys';
import { visitors } from './messages/visitors';
import { signin } from './messages/signin';
import { kioskApp } from './messages/kiosk-app';
import { emergencyMessages } from './messages/emergency';
import { reportsMessages } from './messages/reports';
import { integrationsMessages } from './messages/integrations';

type Catalogue = Record<Language, Record<string, string>>;

/** Every area's server messages. An area adds its file under messages/ and one line here. */
const parts: Catalogue[] = [
  core,
  roles,
  places,
  people,
  journeysMessages,
  visitors,
  signin,
  kioskApp,
  emergencyMessages,
  reportsMessages,
  integrationsMessages,
];

export const MESSAGES: Catalogue = {
  en: Object.assign({}, ...parts.map((p) => p.en)),
  ar: Object.assign({}, ...parts.map((p) => p.ar)),
  es: Object.assign({}, ...parts.map((p) => p.es)),
};

/** Translate a message key with `{name}` placeholders; unknown keys are returned as they are. */
export function translate(lang: Language, key: string, vars?: Record<string, string | number>): string {
  const text = MESSAGES[lang]?.[key] ?? MESSAGES.en[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
}
export const isMessageKey = (key: string) => key in MESSAGES.en;
