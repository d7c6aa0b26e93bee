import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  form: URLSearchParams;
  json: unknown;
}
export type FakeHandler = (req: FakeRequest, res: ServerResponse) => unknown;

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
  res.end(text);
}

/** A local HTTP server for a directory fake (port 0: any free port); `url` is its base. */
export async function startFake(handler: FakeHandler, port = 0) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      Promise.resolve(handler({ method: req.method ?? 'GET', url, headers: req.headers, body, form: new URLSearchParams(body), json }, res)).catch((err: Error) => send(res, 500, { message: err.message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, server, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Deterministic made-up people: names from small lists, ids from the index. */
const FIRST = ['Ana', 'Ben', 'Cleo', 'Dev', 'Ema', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jada', 'Kai', 'Lea', 'Milo', 'Nia', 'Omar', 'Pia'];
const LAST = ['Ruiz', 'Khan', 'Smith', 'Okafor', 'Novak', 'Haddad', 'Lopez', 'Chen', 'Silva', 'Brown', 'Ito', 'Dubois'];
export const personName = (i: number) => ({ first: FIRST[i % FIRST.length], last: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= FIRST.length * LAST.length ? Math.floor(i / (FIRST.length * LAST.length)) : ''}` });
