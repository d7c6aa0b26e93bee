/** The wall clock of a site's time zone now, as `YYYY-MM-DD` and `HH:mm` (visit dates and times are the site's). */
export function siteNow(timeZone: string, now = new Date()) {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(now);
  } catch {
    return siteNow('UTC', now);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** Rule 139: a visit date and time (in the site's zone) that is already past. */
export function isPast(date: string, time: string, timeZone: string, now = new Date()) {
  const n = siteNow(timeZone, now);
  return `${date}T${time.slice(0, 5)}` < `${n.date}T${n.time}`;
}
