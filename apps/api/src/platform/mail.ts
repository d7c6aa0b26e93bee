import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Jobs } from './jobs';

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

  /** Sends through the job queue (with retries), or at once when no queue runs. */
  async queue(msg: MailMessage) {
    if (this.jobs?.started) return this.jobs.send('mail.send', msg, { retryLimit: 5, retryBackoff: true });
    return this.send(msg);
  }
}

export function registerMailWorker(jobs: Jobs, mailer: Mailer) {
  jobs.work<MailMessage>('mail.send', async (msg) => {
    await mailer.send(msg);
  });
}
