import type { Config } from '../../config';
import type { Jobs } from '../../platform/jobs';

export const SMS_JOB = 'emergency.sms';
export interface SmsMessage {
  to: string;
  text: string;
}

export const smsAvailable = (config: Config) => !!config.sms.url;

/**
 * Sends one SMS through the configured generic HTTP gateway: POST `{ to, from, text }` as JSON with a bearer
 * token. A non-2xx answer throws, so the job is retried.
 */
export async function sendSms(config: Config, msg: SmsMessage) {
  if (!config.sms.url) throw new Error('No SMS gateway configured');
  const res = await fetch(config.sms.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(config.sms.token ? { authorization: `Bearer ${config.sms.token}` } : {}) },
    body: JSON.stringify({ to: msg.to, from: config.sms.sender, text: msg.text }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
}

export function registerSmsWorker(jobs: Jobs, config: Config) {
  jobs.work<SmsMessage>(SMS_JOB, (msg) => sendSms(config, msg));
}
