import { describe, expect, it } from 'vitest';
import { isRealDate, localClock, nextMidnight, safeZone, utcToZoned, zonedMidnight, zonedToUtc } from './time-zone';

describe('time zones', () => {
  it('reads the wall clock of an instant in a zone, and an unknown zone as UTC', () => {
    expect(localClock(new Date('2026-07-01T10:15:30Z'), 'Europe/Madrid')).toEqual({ weekday: 3, minutes: 12 * 60 + 15.5, date: '2026-07-01', time: '12:15:30' });
    expect(localClock(new Date('2026-07-01T10:15:30Z'), 'Not/AZone').time).toBe('10:15:30');
    expect(safeZone('Not/AZone')).toBe('UTC');
    expect(safeZone(null)).toBe('UTC');
    expect(safeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('turns a local date and time into the instant, across daylight-saving changes', () => {
    expect(zonedToUtc('2026-11-23', '09:30', 'Europe/Madrid').toISOString()).toBe('2026-11-23T08:30:00.000Z');
    expect(zonedToUtc('2026-07-23', '09:30:15', 'Europe/Madrid').toISOString()).toBe('2026-07-23T07:30:15.000Z');
    // New York moves to summer time at 02:00 on 8 March 2026: midnight is still in winter time, noon in summer time.
    expect(zonedMidnight('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedToUtc('2026-03-08', '12:00', 'America/New_York').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(utcToZoned(new Date('2026-03-08T16:00:00.600Z'), 'America/New_York')).toEqual({ date: '2026-03-08', time: '12:00:00' });
  });

  it('finds the next local midnight (auto sign-out, rule 231)', () => {
    expect(nextMidnight(new Date('2026-03-10T20:00:00Z'), 'Pacific/Auckland').toISOString()).toBe('2026-03-11T11:00:00.000Z');
  });

  it('accepts only real calendar dates', () => {
    expect(isRealDate('2026-02-28')).toBe(true);
    expect(isRealDate('2026-02-30')).toBe(false);
  });
});
