import { describe, expect, it } from 'vitest';
import { isPast, siteNow } from './site-time';

describe('site time (rule 139)', () => {
  const at = new Date('2030-03-10T23:30:00Z');
  it("reads now on the site's wall clock", () => {
    expect(siteNow('UTC', at)).toEqual({ date: '2030-03-10', time: '23:30' });
    expect(siteNow('Asia/Dubai', at)).toEqual({ date: '2030-03-11', time: '03:30' });
    expect(siteNow('Not/AZone', at)).toEqual({ date: '2030-03-10', time: '23:30' });
  });
  it('a visit before that is past; the same minute or later is not', () => {
    expect(isPast('2030-03-11', '03:29', 'Asia/Dubai', at)).toBe(true);
    expect(isPast('2030-03-11', '03:30', 'Asia/Dubai', at)).toBe(false);
    expect(isPast('2030-03-11', '01:00:00', 'UTC', at)).toBe(false);
  });
});
