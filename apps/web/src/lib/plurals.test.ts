import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';

beforeAll(() => initI18n('en'));

describe('counts through i18next plurals (issue 15 part 7)', () => {
  it('says "1 area" and "2 areas", and uses the Arabic plural forms', () => {
    const areas = (lang: string, count: number) => i18n.getFixedT(lang, 'sites')('site.areas_count', { count });
    expect([areas('en', 1), areas('en', 2)]).toEqual(['1 area', '2 areas']);
    expect([areas('es', 1), areas('es', 3)]).toEqual(['1 área', '3 áreas']);
    expect([1, 2, 5, 11, 100].map((n) => areas('ar', n))).toEqual(['منطقة واحدة', 'منطقتان', '5 مناطق', '11 منطقة', '100 منطقة']);
    const people = (lang: string, count: number) => i18n.getFixedT(lang, 'reporting')('total_people', { count });
    expect([people('en', 1), people('en', 4), people('ar', 2)]).toEqual(['1 person', '4 people', 'شخصان']);
    expect(i18n.getFixedT('en', 'compliance')('certificate_pcr', { count: 1 })).toBe('A negative test taken in the last day is accepted.');
  });
});
