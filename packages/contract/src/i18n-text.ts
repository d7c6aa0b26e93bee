import { z } from 'zod';
import type { Language } from './common';

/**
 * Words an administrator wrote, in other languages: the written field stays the fallback and a `jsonb` column
 * `<field>_i18n` holds `{ en?, ar?, es? }`. One schema and one helper for every such field.
 */
export const zTranslations = z
  .object({
    en: z.string().trim().max(20_000).optional(),
    ar: z.string().trim().max(20_000).optional(),
    es: z.string().trim().max(20_000).optional(),
  })
  .strict();
export type Translations = z.output<typeof zTranslations>;

/** The text in `lang` when one was written, else the written field. */
export const localized = (text: string, translations: Translations | null | undefined, lang: Language): string => {
  const t = translations?.[lang];
  return t && t.trim() ? t : text;
};
