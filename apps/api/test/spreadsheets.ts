import { IMPORT_COLUMNS } from '@gatehouse/contract';
import JSZip from 'jszip';

const COLUMNS: readonly string[] = IMPORT_COLUMNS;

const at = (j: number, n: number) => `${j >= 26 ? String.fromCharCode(64 + Math.floor(j / 26)) : ''}${String.fromCharCode(65 + (j % 26))}${n}`;
const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An .xlsx of the given rows (texts as inline strings, numbers as numbers), written straight as XML: a test's
 * spreadsheet of 20,000 rows or 772,000 cells without building exceljs's model (whose garbage, collected while the
 * server is measured, would be counted as the server's).
 */
export function xlsxOf(rows: Iterable<(string | number)[]>) {
  const xml: string[] = [];
  let n = 0;
  for (const row of rows) {
    n++;
    let r = `<row r="${n}">`;
    row.forEach((v, j) => (r += typeof v === 'number' ? `<c r="${at(j, n)}"><v>${v}</v></c>` : `<c r="${at(j, n)}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`));
    xml.push(`${r}</row>`);
  }
  const rowsXml = xml.join('');
  const ns = 'http://schemas.openxmlformats.org';
  const z = new JSZip();
  z.file('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`);
  z.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  z.file('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  z.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
  z.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${rowsXml}</sheetData></worksheet>`);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/**
 * A people sheet of about `cells` cells in `width` columns (the template's twelve, then notes), written as Excel
 * writes one: 772,000 cells in twelve columns make about 2 MB.
 */
export function bigSheet(cells: number, width = COLUMNS.length) {
  const header = Array.from({ length: width }, (_, i) => COLUMNS[i] ?? `note_${i}`);
  return xlsxOf(
    (function* () {
      yield header;
      for (let n = 2; (n - 1) * width < cells; n++) yield header.map((_, j) => (n + j) % 5);
    })(),
  );
}
