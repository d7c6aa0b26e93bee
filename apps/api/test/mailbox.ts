import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../src/platform/services';

export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Decodes one single-part message as nodemailer writes it (7bit, quoted-printable or base64). */
export function parseMessage(raw: string): Omit<ReadMail, 'file'> {
  const split = raw.indexOf('\n\n') >= 0 ? raw.indexOf('\n\n') : raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const subject = header('Subject').replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([BQ])\?(.*?)\?=/gi, (_, enc: string, s: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(s, 'base64').toString('utf8') : decodeURIComponent(s.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
  return { to: header('To'), subject, text };
}

interface App {
  dataDir: string;
  services: Services;
}

/**
 * Waits until every job of `queue` queued so far and due now is done: the job queue runs as in production (the test
 * app starts it), so a test reads what a job delivers (a mail, a text) only after this. Wakes the worker rather
 * than waiting for its poll.
 */
export async function queueDrained({ services }: App, queue: string, timeoutMs = 15_000) {
  if (!services.jobs.started) return;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await services.database.sql.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and start_after <= now()`,
      [queue],
    );
    if (!rows[0].n) return;
    if (Date.now() > until) throw new Error(`${rows[0].n} ${queue} job(s) still queued after ${timeoutMs} ms`);
    services.jobs.wake(queue);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until every mail queued so far and due now has left (the `mail.send` jobs). */
export const mailDelivered = (h: App) => queueDrained(h, 'mail.send');

/** The `.eml` files written to DATA_DIR/mail (SMTP_URL unset), oldest first, once the queued mail has left. */
export async function mailbox(h: App): Promise<ReadMail[]> {
  await mailDelivered(h);
  const dir = join(h.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => ({ file, ...parseMessage(readFileSync(join(dir, file), 'utf8')) }));
}

export const mailTo = async (h: App, to: string) => (await mailbox(h)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));

/**
 * A local SMTP server (smtp-server) that keeps what it receives: give its `url` as SMTP_URL to a test app and read
 * `received` (envelope recipients and the raw message).
 */
export async function smtpMailbox() {
  const { SMTPServer } = await import('smtp-server');
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
