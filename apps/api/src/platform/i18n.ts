import { LANGUAGES, type Language, translate } from '@gatehouse/contract';
import { z } from 'zod';

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The request's language: `{lang}` in the path, then the signed-in user's language, then Accept-Language. */
export function pickLanguage(opts: { pathLang?: unknown; userLang?: unknown; header?: string | string[] }): Language {
  if (isLanguage(opts.pathLang)) return opts.pathLang;
  if (isLanguage(opts.userLang)) return opts.userLang;
  const header = Array.isArray(opts.header) ? opts.header[0] : opts.header;
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return 'en';
}

const zodLocales = { en: z.locales.en(), ar: z.locales.ar(), es: z.locales.es() };

/** One zod issue as a sentence in the caller's language: our own keys first, zod's locale otherwise. */
export function issueMessage(lang: Language, issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== DEFAULT_MARK) return translate(lang, issue.message);
  const text = zodLocales[lang].localeError(issue as unknown as z.core.$ZodRawIssue);
  return typeof text === 'string' ? text : (text?.message ?? translate(lang, 'errors.validation'));
}

/** Marks issues that carry no message of ours, so the locale can word them per request. */
export const DEFAULT_MARK = '__default__';

export { translate };
