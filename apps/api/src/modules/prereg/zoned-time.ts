/** Wall-clock date and time in a site's time zone <-> instants (no library: Intl does the zone arithmetic). */
function offsetAt(ts: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ts));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(ts / 1000) * 1000;
}

export function safeZone(tz: string | null | undefined): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz ?? 'UTC' });
    return tz ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `2026-11-23` + `09:30[:00]` in `Europe/Madrid` -> the instant. */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm, ss);
  const zone = safeZone(timeZone);
  let guess = local - offsetAt(local, zone);
  guess = local - offsetAt(guess, zone);
  return new Date(guess);
}

/** The instant as `YYYY-MM-DD` and `HH:mm:ss` in the zone. */
export function utcToZoned(at: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(at.getTime() + offsetAt(at.getTime(), safeZone(timeZone)));
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

export const normTime = (t: string) => (t.length === 5 ? `${t}:00` : t);

/** A real calendar date (rejects 2026-02-30). */
export function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}
