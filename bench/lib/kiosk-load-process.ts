/**
 * The kiosk load generator as its own process: each request is one kiosk app's `POST /api/kiosk-app/scan`, with
 * that kiosk's device token, the item's QR code or RFID value and a fresh idempotency key (lib/kiosk-seed.ts,
 * kioskItems). Prints the figures as one JSON line; with `rate` the measured part is open-loop.
 *
 *   node --import tsx bench/lib/kiosk-load-process.ts '{"url":"http://127.0.0.1:3000/api/kiosk-app/scan","itemsFile":"/tmp/items.json","concurrency":32,"seconds":10}'
 */
import { readFileSync } from 'node:fs';
import type { KioskItem } from './kiosk-seed';
import { warmThenMeasure } from './load';

interface Spec {
  url: string;
  itemsFile: string;
  concurrency: number;
  rate?: number;
  seconds?: number;
  requests?: number;
  warmup?: number;
  /** The first request number (so that two runs sign different people). */
  first?: number;
}

const spec = JSON.parse(process.argv[2]) as Spec;
const { tokens, items } = JSON.parse(readFileSync(spec.itemsFile, 'utf8')) as { tokens: string[]; items: KioskItem[] };
let offset = spec.first ?? 0;
const item = (i: number) => items[(i + offset) % items.length];
const body = (i: number) => JSON.stringify(item(i).body).replaceAll('{{n}}', String(i + offset)).replaceAll('{{run}}', String(process.pid));
const headers = (i: number) => ({ authorization: `Bearer ${tokens[item(i).k]}` });
const common = { url: spec.url, method: 'POST', headers, body, concurrency: spec.concurrency };
const result = await warmThenMeasure(common, spec, (n) => (offset += n));
console.log(JSON.stringify(result));
