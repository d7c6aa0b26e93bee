/**
 * Wall-clock dates and times in a site's time zone <-> instants. Intl does the zone arithmetic (no library); an
 * unknown zone is read as UTC. The one time-zone helper of the server: attendance, sign-in, daily counts, visits.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone when Intl knows it, else UTC. */
export function safeZone(tz: string | null | undefined): string {
  try {
    formatter(tz ?? 'UTC');
    return tz ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock of `at` in a time zone: ISO weekday, minutes since midnight, date and time. */
export function localClock(at: Date, timeZone: string) {
  const parts = formatter(safeZone(timeZone)).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(get('hour'));
  const minute = Number(get('minute'));
  const second = Number(get('second'));
  return {
    weekday: WEEKDAYS[get('weekday')] ?? 1,
    minutes: hour * 60 + minute + second / 60,
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const c = localClock(new Date(instant), timeZone);
  return Date.parse(`${c.date}T${c.time}Z`) - Math.floor(instant / 1000) * 1000;
}

/** `2026-11-23` + `09:30[:00]` in `Europe/Madrid` -> the instant (daylight-saving aware). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm, ss);
  let guess = local - offsetAt(local, timeZone);
  guess = local - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** The instant a local date's midnight happens in a time zone. */
export const zonedMidnight = (date: string, timeZone: string): Date => zonedToUtc(date, '00:00:00', timeZone);

/** The instant as `YYYY-MM-DD` and `HH:mm:ss` in the zone. */
export function utcToZoned(at: Date, timeZone: string): { date: string; time: string } {
  const { date, time } = localClock(at, timeZone);
  return { date, time };
}

/** The first midnight after `at` in a time zone (auto sign-out looks at every visit then, rule 231). */
export function nextMidnight(at: Date, timeZone: string): Date {
  const clock = localClock(at, timeZone);
  const guess = new Date(at.getTime() + (24 * 60 - clock.minutes) * 60_000);
  // Daylight-saving shifts move local midnight by up to an hour: step to the exact minute.
  const after = localClock(guess, timeZone);
  const drift = after.minutes > 12 * 60 ? after.minutes - 24 * 60 : after.minutes;
  return new Date(Math.ceil((guess.getTime() - drift * 60_000) / 1000) * 1000);
}

/** HH:mm:ss of a time as typed (HH:mm or HH:mm:ss). */
export const normTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

/** A real calendar date (rejects 2026-02-30). */
export function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}
