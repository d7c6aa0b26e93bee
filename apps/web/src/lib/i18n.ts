import { LANGUAGES, type Language, MESSAGES, RTL_LANGUAGES } from '@gatehouse/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { ar as zodAr, en as zodEn, es as zodEs } from 'zod/locales';
import { LANGUAGE_KEY } from './storage-keys';

/**
 * Catalogues: every `src/locales/<lang>/<ns>.json` is a namespace, plus `messages` = the server message catalogue
 * of @gatehouse/contract (its `{name}` placeholders become i18next's `{{name}}`), so contract keys such as
 * 'validation.email' translate in forms exactly as the server translates them.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export type Resources = Record<Language, Record<string, Record<string, unknown>>>;

export function buildResources(): Resources {
  const resources = { en: {}, ar: {}, es: {} } as Resources;
  for (const [path, data] of Object.entries(files)) {
    const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (!m || !(LANGUAGES as readonly string[]).includes(m[1])) continue;
    resources[m[1] as Language][m[2]] = data;
  }
  for (const lang of LANGUAGES) {
    resources[lang].messages = Object.fromEntries(Object.entries(MESSAGES[lang]).map(([k, v]) => [k, v.replace(/\{(\w+)\}/g, '{{$1}}')]));
  }
  return resources;
}

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The saved language (rule 81): `language` in local storage, else English. */
export function savedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(v) ? v : 'en';
  } catch {
    return 'en';
  }
}

export const directionOf = (lang: Language): 'rtl' | 'ltr' => (RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr');

const zodLocales = { en: zodEn, ar: zodAr, es: zodEs };

/** Sets the language, the document direction (`ar` is right-to-left) and zod's built-in messages. */
export async function initI18n(lang: Language = savedLanguage()) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
  z.config(zodLocales[lang]());
  const resources = buildResources();
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: 'en',
      resources,
      ns: Object.keys(resources.en),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18n.language !== lang) {
    await i18n.changeLanguage(lang);
  }
  return i18n;
}

/** Translates a server or contract message key (`messages` namespace); anything else is returned as it is. */
export function tMessage(key: string, vars?: Record<string, unknown>): string {
  if (/^[\w-]+:[\w.-]+$/.test(key) && i18n.exists(key)) return i18n.t(key, vars);
  return i18n.exists(key, { ns: 'messages' }) ? i18n.t(key, { ns: 'messages', ...vars }) : key;
}

export { i18n };
