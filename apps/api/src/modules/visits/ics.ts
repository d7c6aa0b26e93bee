/** An iCalendar (RFC 5545) invitation for one visit, written by hand: VCALENDAR/VEVENT, times in UTC. */
export interface CalendarVisit {
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  location: string;
  organizerName: string;
  organizerEmail: string;
  attendeeEmail?: string | null;
  description?: string;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** Escapes text values (backslash, semicolon, comma, newline). */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** Folds lines longer than 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let cur = '';
  for (const ch of line) {
    if (Buffer.byteLength(cur + ch, 'utf8') > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = '';
    }
    cur += ch;
  }
  out.push(cur);
  return out.join('\r\n ');
}

export function visitCalendar(v: CalendarVisit, now = new Date()): string {
  const end = new Date(v.start.getTime() + v.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gatehouse//Visits//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${v.uid}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(v.start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${text(v.summary)}`,
    `LOCATION:${text(v.location)}`,
    `ORGANIZER;CN=${text(v.organizerName).replace(/:/g, '')}:mailto:${v.organizerEmail}`,
    ...(v.attendeeEmail ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${v.attendeeEmail}`] : []),
    ...(v.description ? [`DESCRIPTION:${text(v.description)}`] : []),
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
