import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailDelivered } from './mailbox';

/** A small MIME reader for the `.eml` files the mailer writes in tests (headers, nested parts, base64, QP). */
export interface MailPart {
  headers: Record<string, string>;
  body: Buffer;
  parts: MailPart[];
}

const decodeWords = (s: string) =>
  s.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=\s*/g, (_m, _cs, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

function parse(raw: string): MailPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const rest = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const chunks = rest.split(`--${boundary}`).slice(1);
    const parts = chunks.filter((c) => !c.startsWith('--')).map((c) => parse(c.replace(/^\r?\n/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let body: Buffer;
  if (enc === 'base64') body = Buffer.from(rest.replace(/\s+/g, ''), 'base64');
  else if (enc === 'quoted-printable') {
    const bytes = rest.replace(/=\r?\n/g, '').replace(/\r?\n$/, '');
    body = Buffer.from(bytes.replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
  } else body = Buffer.from(rest.replace(/\r?\n$/, ''), 'latin1');
  return { headers, body, parts: [] };
}

export function leaves(p: MailPart): MailPart[] {
  return p.parts.length ? p.parts.flatMap(leaves) : [p];
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  parts: MailPart[];
}

/** One raw message (as written to a file or received by SMTP) read as a Mail. */
export function parseMail(raw: string): Mail {
  const root = parse(raw);
  const all = leaves(root);
  const text = all.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  const html = all.find((p) => (p.headers['content-type'] ?? '').startsWith('text/html'));
  return { to: root.headers.to, subject: root.headers.subject, text: text ? text.body.toString('utf8') : '', html: html?.body.toString('utf8'), parts: all };
}

/** Every mail written to DATA_DIR/mail, oldest first. */
export function readMails(dataDir: string): Mail[] {
  const dir = join(dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => parseMail(readFileSync(join(dir, f), 'latin1')));
}
/** The mails to `to`, once the queued mail has left (the test app runs the job queue). */
export const mailsTo = async (h: Parameters<typeof mailDelivered>[0], to: string) => {
  await mailDelivered(h);
  return readMails(h.dataDir).filter((m) => m.to?.includes(to));
};
