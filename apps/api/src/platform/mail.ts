import { type Language, translate } from '@gatehouse/contract';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from './db/client';
import { refuseBesideTransaction } from './db/transaction-scope';
import { type Jobs, jobsIn } from './jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string; encoding?: 'base64'; contentType?: string; cid?: string }[];
}

/**
 * Outgoing mail through SMTP_URL, or `.eml` files in DATA_DIR/mail when it is unset. `queue` hands the message
 * to the job queue (retried on failure); `send` delivers now (the job's worker uses it).
 */
export class Mailer {
  private transport: Transporter;
  private dir?: string;

  constructor(
    private opts: { smtpUrl?: string; from: string; dataDir: string },
    private jobs?: Jobs,
  ) {
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
    } else {
      this.dir = join(opts.dataDir, 'mail');
      mkdirSync(this.dir, { recursive: true });
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(msg: MailMessage) {
    const info = await this.transport.sendMail({ from: this.opts.from, ...msg });
    if (this.dir) {
      const safe = msg.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 12)}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
    }
    return info.messageId as string;
  }

  /**
   * Sends through the job queue (with retries), or at once when no queue runs. With `tx` the mail job is created
   * inside that transaction: it goes out only if the transaction commits. Inside a transaction `tx` is required
   * (a mail queued beside it would leave even if it rolled back, and on the embedded database it hangs).
   */
  async queue(msg: MailMessage, opts: { tx?: Db } = {}) {
    if (!opts.tx) refuseBesideTransaction('mail.queue', 'mail.queue(msg, { tx })');
    if (this.jobs?.started) return this.jobs.send('mail.send', msg, { retryLimit: 5, retryBackoff: true, ...(opts.tx ? { db: jobsIn(opts.tx) } : {}) });
    return this.send(msg);
  }
}

export function registerMailWorker(jobs: Jobs, mailer: Mailer) {
  jobs.work<MailMessage>('mail.send', async (msg) => {
    await mailer.send(msg);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Zero-width non-joiner: invisible, and no auto-linker reads a host name or scheme across it. */
const ZWNJ = '\u200c';
/** What joins a link's parts: dots, colons, slashes, at signs (and their full-width and ideographic forms). */
const LINK_JOINERS = /[.:/@\\\u3002\uff0e\uff61\uff1a\uff0f\uff20]/g;
const INERT_JOINER = new RegExp(`(${LINK_JOINERS.source})${ZWNJ}`, 'g');

/**
 * Text someone typed (a visitor's name, company, answers, notes; names of places and organisations), made inert
 * for mail: a zero-width non-joiner after every dot, colon, slash and at sign, so that neither the HTML part
 * (`htmlOfText`) nor a mail client's auto-linker reads `http://evil.example`, `evil.example` or `a@evil.example`
 * in it as a link. It reads and prints the same.
 */
export const inert = (typed: string) => typed.replace(LINK_JOINERS, (c) => c + ZWNJ);

/** A value the server made (a link it signed, a date, a time, a code): put in a mail as it is. */
export interface Made {
  made: string;
}
export const made = (value: string | number): Made => ({ made: String(value) });

/** A mail message's values: strings are what someone typed (made inert), numbers and `made(…)` the server's. */
export type MailVars = Record<string, string | number | Made>;

/**
 * The one way a mail is written from the message catalogue: subject and body in the reader's language with every
 * typed value made inert (`inert`), `after` (server-made text, e.g. a link) after the body, and the HTML part in
 * the reader's direction in which only the server's own links are links. Every mail template goes through it.
 */
export function composeMail(lang: Language, keys: { subject: string; body: string }, vars: MailVars = {}, opts: { after?: Made; extraHtml?: string } = {}) {
  const values = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' ? inert(v) : typeof v === 'number' ? v : v.made]));
  const body = translate(lang, keys.body, values);
  const text = opts.after ? `${body}\n\n${opts.after.made}` : body;
  return { subject: translate(lang, keys.subject, values), text, html: htmlOfText(lang, text, opts.extraHtml) };
}

/**
 * The HTML part of a mail written as plain text: the same words, in the reader's direction (Arabic right to
 * left), the server's links made clickable, and optional extra HTML (an inline image) after it. Typed text made
 * inert (`inert`) is never a link: its dots, colons, slashes and at signs also stand in their own elements, so an
 * auto-linker that reads the document's text nodes finds no host name either. Every mail keeps its text part.
 */
export function htmlOfText(lang: string, text: string, extra = '') {
  const body = escapeHtml(text)
    .replace(/https?:\/\/[^\s<\u200c]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(INERT_JOINER, `<span>$1</span>${ZWNJ}`)
    .replace(/\n/g, '<br>');
  return `<div dir="${lang === 'ar' ? 'rtl' : 'ltr'}" lang="${lang}" style="font-family:sans-serif;font-size:15px;line-height:1.5">${body}${extra}</div>`;
}
