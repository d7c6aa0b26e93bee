// @ts-check
/**
 * The spreadsheet reader's thread (platform/sheets/read-sheet.ts starts one per upload): an .xlsx is unpacked and
 * parsed here, never on the event loop's thread, and only the rows' text goes back. Limits hold before and while
 * anything is inflated:
 * - the ZIP's declared sizes are added up first, and nothing is inflated when they exceed `maxUnpacked`;
 * - every part is then inflated once as a stream, its real size held to what its header declares (yauzl), and the
 *   reading stops at `maxUnpacked` bytes in all;
 * - the first worksheet is parsed as a stream (exceljs's reader): the whole workbook model is never built, and the
 *   parse stops at `maxCells` cells or `maxRows` rows.
 *
 * Plain JavaScript on purpose (as db/embedded-worker.mjs): it imports only packages, so the sources (tsx, vitest)
 * and the built server (scripts/build-api.mjs bundles it as its own entry) start the same file.
 *
 * In: workerData `{ data: Uint8Array, columns: Record<string, string>, limits }` where `columns` maps a header
 * (lower case, spaces and dashes as `_`) to the field it fills. Out: `{ type: 'rows', rows }` messages of at most
 * ROWS_PER_MESSAGE rows then `{ type: 'end', fields, headed }`; or `{ type: 'refused', limit, max }` or
 * `{ type: 'unreadable', reason }`.
 */
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/** @type {{ data: Uint8Array, columns: Record<string, string>, limits: { maxCells: number, maxRows: number, maxUnpacked: number, maxText: number } }} */
const { data, columns, limits } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const ROWS_PER_MESSAGE = 1000;

class Refused extends Error {
  /** @param {'cells' | 'rows' | 'unpacked'} limit @param {number} max */
  constructor(limit, max) {
    super(limit);
    this.limit = limit;
    this.max = max;
  }
}

/** Checks the declared sizes, then inflates each part as a stream (discarding it) within them. */
async function checkUnpackedSize(buffer) {
  const zip = await new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, z) => (err || !z ? reject(err ?? new Error('zip')) : resolve(z))),
  );
  /** @type {import('yauzl').Entry[]} */
  const entries = [];
  await new Promise((resolve, reject) => {
    let declared = 0;
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (/** @type {import('yauzl').Entry} */ e) => {
      declared += e.uncompressedSize;
      if (declared > limits.maxUnpacked) return reject(new Refused('unpacked', limits.maxUnpacked));
      entries.push(e);
      zip.readEntry();
    });
    zip.readEntry();
  }).catch((err) => {
    zip.close();
    throw err;
  });
  let inflated = 0;
  try {
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      await new Promise((resolve, reject) =>
        zip.openReadStream(entry, (/** @type {Error | null} */ err, /** @type {import('node:stream').Readable} */ stream) => {
          if (err || !stream) return reject(err ?? new Error('zip'));
          stream.on('data', (/** @type {Buffer} */ chunk) => {
            inflated += chunk.length;
            if (inflated > limits.maxUnpacked) {
              stream.destroy();
              reject(new Refused('unpacked', limits.maxUnpacked));
            }
          });
          stream.on('error', reject);
          stream.on('end', resolve);
        }),
      );
    }
  } finally {
    zip.close();
  }
}

/** A cell's text as the import reads it (dates as YYYY-MM-DD, formulas by their result, rich text joined). */
function text(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return text(v.result);
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((p) => p.text ?? '').join('');
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

async function readRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit' });
  /** @type {Map<number, string>} */
  const fields = new Map();
  /** @type {{ rowNumber: number, data: Record<string, string> }[]} */
  const rows = [];
  let cells = 0;
  let rowsSeen = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      cells += row.actualCellCount;
      if (cells > limits.maxCells) throw new Refused('cells', limits.maxCells);
      if (!row.hasValues) continue;
      if (++rowsSeen > limits.maxRows + 1) throw new Refused('rows', limits.maxRows);
      if (rowsSeen === 1) {
        row.eachCell((cell, col) => {
          const field = columns[text(cell.value).trim().toLowerCase().replace(/[\s-]+/g, '_')];
          if (field) fields.set(col, field);
        });
        continue;
      }
      /** @type {Record<string, string>} */
      const d = {};
      for (const [col, field] of fields) {
        const v = text(row.getCell(col).value).trim().slice(0, limits.maxText);
        if (v) d[field] = v;
      }
      if (Object.keys(d).length) rows.push({ rowNumber: row.number, data: d });
    }
    // The first worksheet only.
    break;
  }
  return { rows, fields: [...new Set(fields.values())], headed: rowsSeen > 0 };
}

try {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await checkUnpackedSize(buffer);
  const { rows, fields, headed } = await readRows(buffer);
  // In parts: the main thread takes each between the requests it answers.
  for (let i = 0; i < rows.length; i += ROWS_PER_MESSAGE) port.postMessage({ type: 'rows', rows: rows.slice(i, i + ROWS_PER_MESSAGE) });
  port.postMessage({ type: 'end', fields, headed });
} catch (err) {
  if (err instanceof Refused) port.postMessage({ type: 'refused', limit: err.limit, max: err.max });
  else port.postMessage({ type: 'unreadable', reason: err instanceof Error ? err.message : String(err) });
}
