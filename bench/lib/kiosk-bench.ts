/**
 * The kiosk benchmark's figures, each next to the same run's trivial call: the kiosk app's own sign-in
 * (`POST /api/kiosk-app/scan`, device tokens of 100 kiosks, QR codes of expected visits and RFID cards) closed loop,
 * ten open-loop runs at the target rate (every run printed), and one sign-in at a time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../apps/api/src/platform/db/client';
import { kioskItems } from './kiosk-seed';
import type { LoadResult } from './load';
import { type Api, fmt, load, log, type Seeded, withCpu } from './signin';

const KIOSK_LOAD = 'bench/lib/kiosk-load-process.ts';

/** Writes the sign-ins the load processes send (tokens and bodies) to a file in `dir`. */
export async function writeItems(database: Database, entityId: number, dir: string) {
  const file = join(dir, 'kiosk-items.json');
  const { tokens, items } = await kioskItems(database, entityId);
  writeFileSync(file, JSON.stringify({ tokens, items }));
  log(`${items.length} kiosk sign-ins prepared for ${tokens.length} kiosks`);
  return { file, count: items.length };
}

export async function measureKiosk(api: Api, s: Seeded, items: { file: string; count: number }, opts: { seconds: number; concurrency: number; openRate: number; openRuns: number; openSeconds: number }) {
  const trivial = { token: s.token, url: `${api.url}/api/input_method` };
  const scan = { url: `${api.url}/api/kiosk-app/scan`, itemsFile: items.file };
  const results: Record<string, LoadResult | LoadResult[]> = {};
  // Each phase signs other people (`first`), so sign-ins stay sign-ins until the list comes round again.
  let first = 0;
  const next = (n: number) => {
    const f = first;
    first = (first + n) % items.count;
    return f;
  };
  const trivialLoad = await withCpu(api, () => load({ ...trivial, concurrency: opts.concurrency, seconds: 5, warmup: 50 }));
  results.trivial_load = trivialLoad;
  log(`trivial authenticated call under load (${opts.concurrency} connections): ${fmt(trivialLoad)}`);
  const closed = await withCpu(api, () => load({ ...scan, concurrency: opts.concurrency, seconds: opts.seconds, warmup: 100, first: next(0) }, KIOSK_LOAD));
  next(closed.requests + 100);
  results.scan = closed;
  log(`kiosk sign-in, closed loop (${opts.concurrency} connections): ${fmt(closed)}; ${(closed.rps / trivialLoad.rps).toFixed(2)} of the trivial call's throughput`);
  const open: LoadResult[] = [];
  for (let run = 1; run <= opts.openRuns; run++) {
    const r = await withCpu(api, () => load({ ...scan, concurrency: opts.concurrency, rate: opts.openRate, seconds: opts.openSeconds, warmup: 20, first: next(opts.openRate * opts.openSeconds + 20) }, KIOSK_LOAD));
    open.push(r);
    log(`kiosk sign-in, open loop run ${run}/${opts.openRuns} at ${opts.openRate} req/s offered: ${fmt(r)}`);
  }
  results.scan_open = open;
  const under = open.filter((r) => r.p99 < 30 && r.errors === 0 && !r.unanswered).length;
  log(`open loop: p99 under 30 ms in ${under} of ${open.length} runs`);
  const single = await load({ ...trivial, concurrency: 1, requests: 300, warmup: 30 });
  results.trivial = single;
  log(`trivial authenticated call, one at a time: ${fmt(single)}`);
  const scanSingle = await load({ ...scan, concurrency: 1, requests: 500, warmup: 30, first: next(530) }, KIOSK_LOAD);
  results.scan_single = scanSingle;
  log(`kiosk sign-in, one at a time: ${fmt(scanSingle)}; p50 ${(scanSingle.p50 / single.p50).toFixed(2)} times the trivial call's`);
  const rss = api.peakRssMb();
  log(`API process peak RSS: ${rss} MB`);
  return { results, peakRssMb: rss };
}
