import { timeToMinutes } from '@gatehouse/contract';

/** Minutes since midnight of an HH:mm[:ss] time. */
export const toMinutes = timeToMinutes;

/** HH:mm:ss of a time as typed (HH:mm or HH:mm:ss). */
export const normTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

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

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock of `at` in a site's time zone: ISO weekday, minutes since midnight, date and time. */
export function localClock(at: Date, timeZone: string) {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(at);
  } catch {
    parts = formatter('UTC').formatToParts(at);
  }
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

/** The instant a local date's midnight happens in a time zone (daylight-saving aware). */
export function zonedMidnight(date: string, timeZone: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const c = localClock(new Date(instant), timeZone);
    return Date.parse(`${c.date}T${c.time}Z`) - instant;
  };
  let instant = utc - offsetAt(utc);
  instant = utc - offsetAt(instant);
  return new Date(instant);
}
