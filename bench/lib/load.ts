import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    requests: s.length,
    errors,
    seconds: +seconds.toFixed(2),
    rps: +(s.length / seconds).toFixed(1),
    p50: +percentile(s, 50).toFixed(2),
    p95: +percentile(s, 95).toFixed(2),
    p99: +percentile(s, 99).toFixed(2),
    max: +(s.at(-1) ?? 0).toFixed(2),
  };
}

/**
 * A bounded closed-loop load generator on loopback: `concurrency` keep-alive connections each send the next
 * request when the last one answers, until `total` requests or `maxSeconds` have passed.
 */
export async function load(opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: (i: number) => string | undefined;
  concurrency: number;
  total: number;
  maxSeconds?: number;
  expect?: (status: number) => boolean;
}): Promise<LoadResult> {
  const u = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '::1'].includes(u.hostname)) throw new Error('benchmarks only load loopback addresses');
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = Date.now() + (opts.maxSeconds ?? 60) * 1000;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const body = opts.body?.(i);
      const t = performance.now();
      const req = request(
        { agent, hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...opts.headers } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t);
            if (!(opts.expect ?? ((s) => s < 400))(res.statusCode ?? 0)) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < opts.total && Date.now() < deadline) await one(next++);
    }),
  );
  agent.destroy();
  return summarize(latencies, errors, (performance.now() - start) / 1000);
}
