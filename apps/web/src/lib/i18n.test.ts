import { LANGUAGES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { buildResources, directionOf, initI18n, tMessage } from './i18n';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

const pluralBase = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('catalogues (rule 8, architecture section 7)', () => {
  const res = buildResources();
  it('en, ar and es have the same namespaces and the same keys in each', () => {
    const namespaces = Object.keys(res.en).sort();
    expect(namespaces).toContain('shell');
    expect(namespaces).toContain('messages');
    for (const lang of LANGUAGES) {
      expect(Object.keys(res[lang]).sort()).toEqual(namespaces);
      // Plural forms differ by language (Arabic has six, English and Spanish two): compared by their key.
      for (const ns of namespaces) expect(pluralBase(keys(res[lang][ns])), `${lang}/${ns}`).toEqual(pluralBase(keys(res.en[ns])));
    }
  });
  it('no value is empty, and Arabic and Spanish are really translated (not the English text)', () => {
    for (const ns of Object.keys(res.en)) {
      if (ns === 'messages') continue;
      const en = keys(res.en[ns]);
      let same = 0;
      for (const k of en) {
        const get = (lang: 'en' | 'ar' | 'es') => k.split('.').reduce<any>((o, p) => o?.[p], res[lang][ns]);
        for (const lang of LANGUAGES) expect(String(get(lang)).trim(), `${lang}/${ns}:${k}`).not.toBe('');
        expect(get('ar'), `ar/${ns}:${k}`).not.toMatch(/^[A-Za-z ,.!?'-]{12,}$/);
        if (get('es') === get('en')) same++;
      }
      expect(same / en.length, `es/${ns} mostly English`).toBeLessThan(0.2);
    }
  });
  it('ar is right-to-left, en and es left-to-right; contract keys translate in forms', async () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
    await initI18n('es');
    expect(document.documentElement.dir).toBe('ltr');
    expect(tMessage('validation.email')).not.toBe('validation.email');
    await initI18n('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(tMessage('validation.email')).toMatch(/[\u0600-\u06FF]/);
    expect(tMessage('some plain text')).toBe('some plain text');
    await initI18n('en');
  });
});
