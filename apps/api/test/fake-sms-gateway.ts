/**
 * A local stand-in for a generic HTTP SMS gateway (no real gateway is reachable here): it takes what Gatehouse
 * sends (POST JSON { to, from, text } with a bearer token), answers 202 with a message id, and keeps the messages
 * (GET /messages lists them). Tests start it in-process; the journeys run it as a process:
 *   PORT=4599 SMS_GATEWAY_TOKEN=secret node --import tsx apps/api/test/fake-sms-gateway.ts
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  to: string;
  from: string;
  text: string;
}

export async function startFakeSmsGateway(opts: { token?: string; port?: number } = {}) {
  const messages: SentSms[] = [];
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/messages') return send(200, { messages });
    if (req.method !== 'POST') return send(405, { error: 'method not allowed' });
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) return send(401, { error: 'unauthorized' });
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      try {
        const body = JSON.parse(raw) as Partial<SentSms>;
        if (typeof body.to !== 'string' || !/^\+?\d{4,20}$/.test(body.to) || typeof body.text !== 'string' || !body.text) return send(400, { error: 'to and text are required' });
        messages.push({ to: body.to, from: String(body.from ?? ''), text: body.text });
        send(202, { id: `sms-${messages.length}`, status: 'queued' });
      } catch {
        send(400, { error: 'invalid JSON' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return { url, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

if (process.argv[1]?.endsWith('fake-sms-gateway.ts')) {
  void startFakeSmsGateway({ token: process.env.SMS_GATEWAY_TOKEN, port: Number(process.env.PORT ?? 4599) }).then((g) => console.log(`fake SMS gateway on ${g.url}`));
}
