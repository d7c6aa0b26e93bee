import { Agent, request } from 'node:http';

export interface LoadResult {
  /** Open loop: the arrival rate asked for (requests per second); `rps` is what was achieved. */
  offered?: number;
  /** Open loop: requests still unanswered when it stopped waiting (not in `requests`). */
  unanswered?: number;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The same headers on every request, or each request's own (a kiosk's device token). */
export type Headers = Record<string, string> | ((i: number) => Record<string, string>);
const headersOf = (h: Headers | undefined, i: number) => (typeof h === 'function' ? h(i) : h);

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
  headers?: Headers;
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
        { agent, hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headersOf(opts.headers, i) } },
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

/**
 * A load process's run: `warmup` requests closed-loop (not measured; `warmed` hears how many), then the measured
 * part: open loop at `rate` for `seconds`, else closed loop for `requests` or `seconds`.
 */
export async function warmThenMeasure(
  common: Omit<Parameters<typeof load>[0], 'total' | 'maxSeconds'>,
  spec: { warmup?: number; rate?: number; seconds?: number; requests?: number },
  warmed: (n: number) => void,
): Promise<LoadResult> {
  if (spec.warmup) {
    await load({ ...common, total: spec.warmup, maxSeconds: 60 });
    warmed(spec.warmup);
  }
  return spec.rate
    ? openLoad({ ...common, rate: spec.rate, seconds: spec.seconds ?? 10 })
    : load({ ...common, total: spec.requests ?? 1_000_000_000, maxSeconds: spec.seconds ?? 60 });
}

/**
 * A bounded OPEN-loop load generator on loopback: requests are sent at a fixed arrival rate (`rate` per second,
 * for `seconds`) whether or not earlier ones have been answered, as kiosks at a school gate do, and each latency is
 * measured from the request's SCHEDULED send time, so time spent queueing (in this client or the server) counts.
 * A closed loop cannot show that: when the server slows down it simply sends less. Answers the achieved rate
 * (answers over the time until the last one), which falls short of `rate` when the server cannot keep up.
 */
export async function openLoad(opts: {
  url: string;
  method?: string;
  headers?: Headers;
  body?: (i: number) => string | undefined;
  rate: number;
  seconds: number;
  /** Connections at most; requests beyond them wait in this client (and that wait counts). */
  maxConnections?: number;
  /** Stop waiting for answers this long after the last send. */
  drainSeconds?: number;
  expect?: (status: number) => boolean;
}): Promise<LoadResult> {
  const u = new URL(opts.url);
  if (!['127.0.0.1', 'localhost', '::1'].includes(u.hostname)) throw new Error('benchmarks only load loopback addresses');
  const agent = new Agent({ keepAlive: true, maxSockets: opts.maxConnections ?? 128 });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  // Answers with an error status (`errors`) and failed connections (`failed`) are both errors of the result.
  let errors = 0;
  let failed = 0;
  let lastAnswer = 0;
  const one = (i: number, scheduled: number) =>
    new Promise<void>((resolve) => {
      const body = opts.body?.(i);
      const done = (answered: boolean) => {
        lastAnswer = performance.now();
        if (answered) latencies.push(lastAnswer - scheduled);
        else failed++;
        resolve();
      };
      const req = request(
        { agent, hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headersOf(opts.headers, i) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (!(opts.expect ?? ((s) => s < 400))(res.statusCode ?? 0)) errors++;
            done(true);
          });
        },
      );
      req.on('error', () => done(false));
      if (body) req.write(body);
      req.end();
    });
  const start = performance.now();
  const interval = 1000 / opts.rate;
  const pending: Promise<void>[] = [];
  let sent = 0;
  // Every millisecond or so, send whatever is due by now (timers are coarse; the schedule is not).
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      pending.push(one(sent, start + sent * interval));
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  const drain = new Promise<void>((r) => setTimeout(r, (opts.drainSeconds ?? 30) * 1000).unref());
  await Promise.race([Promise.all(pending), drain]);
  const unanswered = Math.max(0, total - latencies.length - failed);
  agent.destroy();
  const result = summarize(latencies, errors + failed, Math.max(lastAnswer, start + opts.seconds * 1000 - interval) / 1000 - start / 1000);
  return { offered: opts.rate, ...result, requests: latencies.length + failed, unanswered };
}
