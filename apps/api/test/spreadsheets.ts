import { IMPORT_COLUMNS } from '@gatehouse/contract';
import JSZip from 'jszip';

const COLUMNS: readonly string[] = IMPORT_COLUMNS;

/**
 * A people sheet of about `cells` cells in `width` columns (the template's twelve, then notes), written as Excel
 * writes one: 772,000 cells in twelve columns make about 2 MB.
 */
export async function bigSheet(cells: number, width = COLUMNS.length) {
  const header = Array.from({ length: width }, (_, i) => COLUMNS[i] ?? `note_${i}`);
  const at = (j: number, n: number) => `${j >= 26 ? String.fromCharCode(64 + Math.floor(j / 26)) : ''}${String.fromCharCode(65 + (j % 26))}${n}`;
  const rows = [`<row r="1">${header.map((c, j) => `<c r="${at(j, 1)}" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`];
  for (let n = 2; rows.length * header.length < cells; n++) {
    let r = `<row r="${n}">`;
    for (let j = 0; j < header.length; j++) r += `<c r="${at(j, n)}"><v>${(n + j) % 5}</v></c>`;
    rows.push(`${r}</row>`);
  }
  const ns = 'http://schemas.openxmlformats.org';
  const z = new JSZip();
  z.file('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`);
  z.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  z.file('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  z.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
  z.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
