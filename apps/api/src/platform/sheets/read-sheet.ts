import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Reading an uploaded .xlsx off the event loop: each read runs in its own worker thread (`sheet-worker.mjs`, beside
 * this file in the sources and beside main.mjs in the built server), with limits on what it may unpack and parse,
 * a heap of its own (a hostile file that still gets through takes the worker down, not the server) and a time
 * limit. The main thread receives only the rows' text, never the workbook.
 */
export interface SheetLimits {
  /** Cells with a value in the first worksheet. */
  maxCells: number;
  /** Rows with a value, below the header row. */
  maxRows: number;
  /** Bytes of all the ZIP's parts once inflated (declared and real). */
  maxUnpacked: number;
  /** Characters kept of one cell. */
  maxText: number;
}

export const SHEET_LIMITS: SheetLimits = { maxCells: 250_000, maxRows: 20_000, maxUnpacked: 64 * 1024 * 1024, maxText: 500 };
/** The worker's own heap (MB) and the longest a read may take. */
const WORKER_HEAP_MB = 256;
const READ_TIMEOUT_MS = 60_000;
/** Reads at once: the machine's other cores serve requests and the database. */
const MAX_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 1));

/** Refused for its size: `limit` says which limit (`memory` and `time`: the worker's own), `max` its value. */
export class SheetTooLarge extends Error {
  constructor(
    public limit: 'cells' | 'rows' | 'unpacked' | 'memory' | 'time',
    public max: number,
  ) {
    super(`spreadsheet over its ${limit} limit (${max})`);
  }
}
/** Not a readable .xlsx (a broken ZIP, a part that is not what it declares, XML exceljs cannot read). */
export class SheetUnreadable extends Error {}

export interface SheetRows<F extends string> {
  rows: { rowNumber: number; data: Partial<Record<F, string>> }[];
  /** The fields the header row named. */
  fields: F[];
  /** Whether the sheet had a header row (any row with a value). */
  headed: boolean;
}

let running = 0;
const waiting: (() => void)[] = [];
async function slot() {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Reads the first worksheet: its first row with values names the columns (`columns` maps a header, lower case with
 * `_` for spaces and dashes, to a field), the rows below give one record each (empty rows skipped).
 */
export async function readSheet<F extends string>(data: Buffer, columns: Record<string, F>, limits: SheetLimits = SHEET_LIMITS): Promise<SheetRows<F>> {
  const release = await slot();
  try {
    return await inWorker<F>(data, columns, limits);
  } finally {
    release();
  }
}

function inWorker<F extends string>(data: Buffer, columns: Record<string, F>, limits: SheetLimits) {
  const copy = new Uint8Array(data);
  const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
    workerData: { data: copy, columns, limits },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return new Promise<SheetRows<F>>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new SheetTooLarge('time', READ_TIMEOUT_MS))), READ_TIMEOUT_MS);
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const rows: SheetRows<F>['rows'] = [];
    type Message =
      | { type: 'rows'; rows: SheetRows<F>['rows'] }
      | ({ type: 'end' } & Omit<SheetRows<F>, 'rows'>)
      | { type: 'refused'; limit: 'cells' | 'rows' | 'unpacked'; max: number }
      | { type: 'unreadable'; reason: string };
    worker.on('message', (m: Message) => {
      if (m.type === 'rows') {
        for (const row of m.rows) rows.push(row);
        return;
      }
      finish(() => {
        if (m.type === 'end') resolve({ rows, fields: m.fields, headed: m.headed });
        else if (m.type === 'refused') reject(new SheetTooLarge(m.limit, m.max));
        else reject(new SheetUnreadable(m.reason));
      });
    });
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SheetTooLarge('memory', WORKER_HEAP_MB) : new SheetUnreadable(err.message))),
    );
    worker.on('exit', () => finish(() => reject(new SheetUnreadable('the spreadsheet reader stopped'))));
  });
}
