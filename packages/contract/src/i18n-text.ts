import { z } from 'zod';

export { localized, localizedList, type Translations } from './localized';

/**
 * Words an administrator wrote, in other languages: the written field stays the fallback and a `jsonb` column
 * `<field>_i18n` holds `{ en?, ar?, es? }` (`localized` picks one). One schema for every such field.
 */
export const zTranslations = z
  .object({
    en: z.string().trim().max(20_000).optional(),
    ar: z.string().trim().max(20_000).optional(),
    es: z.string().trim().max(20_000).optional(),
  })
  .strict();

/** Translations of a list written by an administrator (a custom field's options), one entry per item, by index. */
export const zListTranslations = z.array(zTranslations).max(100);
