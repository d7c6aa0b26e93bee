import type { Language } from './common';

/**
 * Words an administrator wrote, in other languages: the written field stays the fallback and a `jsonb` column
 * `<field>_i18n` holds `{ en?, ar?, es? }`. Free of zod, so that the kiosk bundle can use it.
 */
export type Translations = { en?: string; ar?: string; es?: string };

/** The text in `lang` when one was written, else the written field. */
export const localized = (text: string, translations: Translations | null | undefined, lang: Language | string): string => {
  const t = translations?.[lang as Language];
  return t && t.trim() ? t : text;
};

/** Each item of a written list in `lang` (the written item as fallback), in the same order. */
export const localizedList = (items: readonly string[], translations: readonly (Translations | null | undefined)[] | null | undefined, lang: Language | string): string[] =>
  items.map((item, i) => localized(item, translations?.[i], lang));
