import ar from './locales/ar.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** A tiny translation helper for the kiosk bundle (no i18next: every kilobyte counts on a kiosk). */
export type Lang = 'en' | 'ar' | 'es';
export type Key = keyof typeof en;
const catalogues: Record<Lang, Record<string, string>> = { en, ar, es };
export const LANGS: Lang[] = ['en', 'ar', 'es'];
export const LANG_NAMES: Record<Lang, string> = { en: 'English', ar: 'العربية', es: 'Español' };

export function translator(lang: Lang) {
  return (key: Key, vars?: Record<string, string | number>) => {
    const text = catalogues[lang][key] ?? en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
  };
}
export type T = ReturnType<typeof translator>;

/** Sets the page's language and direction (right to left for Arabic). */
export function applyLanguage(lang: Lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}
