import { IMPORT_COLUMNS } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors';
import { checkXlsxContainer } from './read-zip';

export const MAX_ROWS = 20_000;
export type ImportRow = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

const HEADERS: Record<string, (typeof IMPORT_COLUMNS)[number]> = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, c]));
Object.assign(HEADERS, { firstname: 'first_name', lastname: 'last_name', e_mail: 'email', mail: 'email', mobile: 'phone', phone_number: 'phone', country_code: 'phone_code', id: 'id_number', company: 'company_name', type: 'user_type', usertype: 'user_type', label: 'labels', image: 'photo' });

const text = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return text(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    return '';
  }
  return String(v);
};

/**
 * Reads the people spreadsheet (rule 175): a real .xlsx (checked as a ZIP first, then by exceljs), a header row
 * naming the columns of the template, at most 20,000 rows. Empty rows are skipped.
 */
export async function readSpreadsheet(data: Buffer, filename: string, field = 'file') {
  if (!/\.xlsx$/i.test(filename) || data.subarray(0, 2).toString('latin1') !== 'PK') throw badRequest({ [field]: ['import.xlsx_only'] }, 'import.xlsx_only');
  await checkXlsxContainer(data, field);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest({ [field]: ['import.xlsx_unreadable'] }, 'import.xlsx_unreadable');
  }
  const sheet = wb.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw badRequest({ [field]: ['import.xlsx_empty'] }, 'import.xlsx_empty');
  const columns = new Map<number, (typeof IMPORT_COLUMNS)[number]>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = HEADERS[text(cell.value).trim().toLowerCase().replace(/[\s-]+/g, '_')];
    if (key) columns.set(col, key);
  });
  const have = new Set(columns.values());
  if (!have.has('first_name') || !have.has('last_name')) throw badRequest({ [field]: ['import.xlsx_columns'] }, 'import.xlsx_columns');
  if (sheet.rowCount - 1 > MAX_ROWS) throw badRequest({ [field]: ['import.xlsx_too_large'] }, 'import.xlsx_too_large');
  const rows: { rowNumber: number; data: ImportRow }[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const d: ImportRow = {};
    for (const [col, key] of columns) {
      const v = text(row.getCell(col).value).trim().slice(0, 500);
      if (v) d[key] = v;
    }
    if (Object.keys(d).length) rows.push({ rowNumber: n, data: d });
  });
  if (!rows.length) throw badRequest({ [field]: ['import.xlsx_empty'] }, 'import.xlsx_empty');
  return rows;
}

/** The template people download: the expected columns and two example rows. */
export async function templateWorkbook() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('People');
  ws.addRow([...IMPORT_COLUMNS]);
  ws.addRow(['Amira', 'Haddad', 'amira.haddad@example.org', '7700900123', '+44', 'ST-1001', 'Northfield School', 'Staff', 'Science', 'First aid, Trip leader', '', 'amira-haddad.jpg']);
  ws.addRow(['Tom', 'Becker', '', '', '', 'P-2031', '', 'Pupil', '', 'Year 7', '', '']);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
