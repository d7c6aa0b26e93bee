/**
 * A small bounded load generator (run as its own process by the benchmarks): keep-alive connections on
 * loopback only, a fixed number of requests in flight, for a fixed time or count. Prints one JSON line:
 * requests, errors, status counts, requests per second, p50/p95/p99 in milliseconds.
 *
 *   node --import tsx bench/load.ts '{"url":"http://127.0.0.1:3000/api/input_method","token":"…","concurrency":16,"seconds":10}'
 *
 * A POST body may contain {{n}} (a request counter) and {{user}} (a user id from `users`, round robin).
 */
import http from 'node:http';

interface Spec {
  url: string;
  method?: 'GET' | 'POST';
  token: string;
  body?: string;
  users?: [number, number];
  concurrency: number;
  seconds?: number;
  requests?: number;
  warmup?: number;
}

const spec = JSON.parse(process.argv[2]) as Spec;
const target = new URL(spec.url);
if (!['127.0.0.1', 'localhost', '::1'].includes(target.hostname)) throw new Error('The load generator only targets loopback.');
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });

let n = 0;
function request(): Promise<{ ms: number; status: number }> {
  const i = n++;
  let body: string | undefined;
  if (spec.body) {
    const [lo, hi] = spec.users ?? [0, 0];
    const user = lo + ((i * 7919) % (hi - lo + 1));
    body = spec.body.replaceAll('{{n}}', String(i)).replaceAll('{{user}}', String(user)).replaceAll('{{run}}', String(process.pid));
  }
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: spec.method ?? 'GET',
        headers: { authorization: `Bearer ${spec.token}`, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: 0 }));
    if (body) req.write(body);
    req.end();
  });
}

async function run() {
  for (let i = 0; i < (spec.warmup ?? 0); i++) await request();
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const deadline = Date.now() + (spec.seconds ?? 3600) * 1000;
  const limit = spec.requests ?? Infinity;
  let sent = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (Date.now() < deadline && sent < limit) {
      sent++;
      const r = await request();
      times.push(r.ms);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  times.sort((a, b) => a - b);
  const pct = (p: number) => +(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
  const ok = Object.entries(statuses).filter(([s]) => s.startsWith('2')).reduce((a, [, c]) => a + c, 0);
  console.log(JSON.stringify({ requests: times.length, ok, statuses, seconds: +elapsed.toFixed(2), rps: +(times.length / elapsed).toFixed(1), p50: pct(50), p95: pct(95), p99: pct(99) }));
  agent.destroy();
}

void run();
