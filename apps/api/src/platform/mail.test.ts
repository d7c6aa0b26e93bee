import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../test/harness';
import { createOrg } from '../../test/factories';
import { mailDelivered, mailTo, parseMessage } from '../../test/mailbox';
import { pause } from '../../test/sockets';

describe('mail through SMTP_URL', () => {
  let h: TestApp;
  let smtp: SMTPServer;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as { port: number };
    h = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Gatehouse <no-reply@gatehouse.test>' } });
  });
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset mail to the SMTP server, and writes no .eml file', async () => {
    const org = await createOrg(h);
    expect((await api(h.app).post('/api/forgot-password', { email: org.email })).status).toBe(200);
    await mailDelivered(h);
    const msg = received.find((m) => m.to.includes(org.email));
    expect(msg).toBeDefined();
    expect(msg!.from).toBe('no-reply@gatehouse.test');
    const parsed = parseMessage(msg!.raw.replace(/\r\n/g, '\n'));
    expect(parsed.subject).toBe('Reset your Gatehouse password');
    expect(parsed.text).toMatch(/http:\/\/localhost:3000\/forgot-password\?token=[\w-]{40,}/);
    expect(existsSync(join(h.dataDir, 'mail')) ? readdirSync(join(h.dataDir, 'mail')) : []).toEqual([]);
  });
});

describe('mail through the job queue (pg-boss)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp();
  }, 60_000);
  afterAll(() => h.close());

  it('queues the message as a mail.send job that a worker delivers', async () => {
    expect(h.services.jobs.started).toBe(true);
    const org = await createOrg(h);
    expect((await api(h.app).post('/api/forgot-password', { email: org.email })).status).toBe(200);
    const { rows: queued } = await h.services.database.sql.query<{ state: string }>(
      `select state from pgboss.job where name = 'mail.send' and data->>'to' = $1`,
      [org.email],
    );
    expect(queued).toHaveLength(1);
    let delivered = await mailTo(h, org.email);
    for (let i = 0; i < 60 && !delivered.length; i++) {
      await pause(250);
      delivered = await mailTo(h, org.email);
    }
    expect(delivered).toHaveLength(1);
    expect(delivered[0].subject).toBe('Reset your Gatehouse password');
    let state = '';
    for (let i = 0; i < 20 && state !== 'completed'; i++) {
      state = (await h.services.database.sql.query<{ state: string }>(`select state from pgboss.job where name = 'mail.send' and data->>'to' = $1`, [org.email])).rows[0]?.state ?? '';
      if (state !== 'completed') await pause(250);
    }
    expect(state).toBe('completed');
  }, 60_000);
});
