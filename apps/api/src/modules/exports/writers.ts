import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { type CsvCell, csvLine } from '@gatehouse/contract';
import PDFDocument from 'pdfkit';
import { xlsxWriter } from './xlsx';

export type Cell = CsvCell;

/** An export file being written row batch by row batch; nothing holds the whole result. */
export interface ExportWriter {
  rows(batch: Cell[][]): Promise<void>;
  close(): Promise<void>;
}

export interface WriterOptions {
  title: string;
  headers: string[];
  /** Arabic: right-to-left sheet and PDF columns. */
  rtl: boolean;
  /** A line under the PDF's last row (e.g. rows left out). */
  note?: (rows: number) => string | null;
}

/** Waits for the stream to drain when it asks for it, so a fast source cannot fill memory. */
async function write(out: Writable, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function finish(out: Writable) {
  if (out.writableFinished) return;
  const done = once(out, 'finish');
  out.end();
  await done;
}

/** CSV: UTF-8 with a byte-order mark (spreadsheets then read Arabic), CRLF lines, cells by the contract's rules. */
export async function csvWriter(out: Writable, o: WriterOptions): Promise<ExportWriter> {
  await write(out, '\uFEFF' + csvLine(o.headers));
  return {
    async rows(batch) {
      await write(out, batch.map(csvLine).join(''));
    },
    close: () => finish(out),
  };
}

const require = createRequire(import.meta.url);
const fontFile = (subset: 'arabic' | 'latin' | 'latin-ext') => require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-400-normal.woff`);
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** PDF rows beyond this are left out (the note says so): a larger result belongs in CSV or XLSX. */
export const PDF_ROWS_MAX = 50_000;

/**
 * PDF through pdfkit: A4 landscape, a header on every page, one line per row. Text is set in Noto Sans Arabic
 * (its Arabic glyphs are shaped and laid right to left by fontkit; Latin from the same family), columns run right
 * to left for Arabic readers.
 */
export async function pdfWriter(out: Writable, o: WriterOptions): Promise<ExportWriter> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, bufferPages: false, info: { Title: o.title } });
  doc.registerFont('ar', fontFile('arabic'));
  doc.registerFont('la', fontFile('latin'));
  doc.pipe(out);
  const left = 30;
  const width = doc.page.width - 60;
  const colWidth = width / Math.max(1, o.headers.length);
  const lineHeight = 14;
  let written = 0;
  const x = (i: number) => (o.rtl ? left + width - (i + 1) * colWidth : left + i * colWidth);
  const line = (cells: Cell[], bold = false) => {
    if (doc.y + lineHeight > doc.page.height - 30) {
      doc.addPage();
      line(o.headers, true);
    }
    const y = doc.y;
    cells.forEach((c, i) => {
      const text = c === null || c === undefined ? '' : String(c);
      doc.font(ARABIC.test(text) ? 'ar' : 'la').fontSize(bold ? 8.5 : 8);
      doc.text(text, x(i) + 2, y, { width: colWidth - 4, height: lineHeight, ellipsis: true, lineBreak: false, align: o.rtl ? 'right' : 'left' });
    });
    doc.x = left;
    doc.y = y + lineHeight;
    if (bold) doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).lineWidth(0.5).stroke();
  };
  doc.font(ARABIC.test(o.title) ? 'ar' : 'la').fontSize(13).text(o.title, left, 30, { width, align: o.rtl ? 'right' : 'left' });
  doc.moveDown(0.5);
  line(o.headers, true);
  return {
    async rows(batch) {
      for (const r of batch) {
        if (written >= PDF_ROWS_MAX) break;
        line(r);
        written += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
    async close() {
      const note = o.note?.(written);
      if (note) line([note]);
      const done = once(out, 'finish');
      doc.end();
      await done;
    },
  };
}

export const WRITERS = { csv: csvWriter, xlsx: xlsxWriter, pdf: pdfWriter } as const;
export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
