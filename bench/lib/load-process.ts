/**
 * The load generator as its own process (so the API under test does not share its event loop): runs
 * lib/load.ts with the spec given as JSON and prints the figures as one JSON line. A POST body may contain
 * {{n}} (the request number), {{user}} (a user id from `users`, spread over the range) and {{run}}. With `rate`
 * the measured part is open-loop (lib/load.ts openLoad).
 *
 *   node --import tsx bench/lib/load-process.ts '{"url":"http://127.0.0.1:3000/api/input_method","token":"…","concurrency":16,"seconds":10}'
 */
import { warmThenMeasure } from './load';

interface Spec {
  url: string;
  method?: 'GET' | 'POST';
  token: string;
  body?: string;
  users?: [number, number];
  concurrency: number;
  /** Open loop: requests per second, sent on schedule for `seconds` (the warm-up stays closed-loop). */
  rate?: number;
  seconds?: number;
  requests?: number;
  warmup?: number;
  /** The first request number (so two runs can name different people). */
  first?: number;
}

const spec = JSON.parse(process.argv[2]) as Spec;
const [lo, hi] = spec.users ?? [0, 0];
let offset = spec.first ?? 0;
const body = spec.body
  ? (i: number) => {
      const n = i + offset;
      const user = lo + ((n * 7919) % (hi - lo + 1));
      return spec.body!.replaceAll('{{n}}', String(n)).replaceAll('{{user}}', String(user)).replaceAll('{{run}}', String(process.pid));
    }
  : undefined;
const common = { url: spec.url, method: spec.method ?? 'GET', headers: { authorization: `Bearer ${spec.token}` }, body, concurrency: spec.concurrency };
const result = await warmThenMeasure(common, spec, (n) => (offset += n));
console.log(JSON.stringify(result));
