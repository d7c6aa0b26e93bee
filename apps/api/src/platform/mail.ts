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

/**
 * The HTML part of a mail written as plain text: the same words, in the reader's direction (Arabic right to
 * left), links made clickable, and optional extra HTML (an inline image) after it. Every mail keeps its text part.
 */
export function htmlOfText(lang: string, text: string, extra = '') {
  const body = escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>');
  return `<div dir="${lang === 'ar' ? 'rtl' : 'ltr'}" lang="${lang}" style="font-family:sans-serif;font-size:15px;line-height:1.5">${body}${extra}</div>`;
}
