import { IMPORT_COLUMNS } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../platform/errors';
import { readSheet, SHEET_LIMITS, SheetTooLarge, SheetUnreadable } from '../../platform/sheets/read-sheet';

export const MAX_ROWS = SHEET_LIMITS.maxRows;
type Column = (typeof IMPORT_COLUMNS)[number];
export type ImportRow = Partial<Record<Column, string>>;

const HEADERS: Record<string, Column> = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, c]));
Object.assign(HEADERS, { firstname: 'first_name', lastname: 'last_name', e_mail: 'email', mail: 'email', mobile: 'phone', phone_number: 'phone', country_code: 'phone_code', id: 'id_number', company: 'company_name', type: 'user_type', usertype: 'user_type', label: 'labels', image: 'photo' });

/** What a limit of the reader says to the person who uploaded the file (413, with the limit's figure). */
function tooLargeFor(err: SheetTooLarge, field: string) {
  const [key, vars]: [string, Record<string, string | number>] =
    err.limit === 'cells' ? ['import.xlsx_too_many_cells', { max: err.max.toLocaleString('en') }]
    : err.limit === 'rows' ? ['import.xlsx_too_many_rows', { max: err.max.toLocaleString('en') }]
    : err.limit === 'unpacked' ? ['import.xlsx_unpacked_too_large', { max: Math.round(err.max / 1024 / 1024) }]
    : ['import.xlsx_too_complex', {}];
  return new AppError(413, key, { errors: { [field]: [key] }, vars });
}

const refusedFor = (err: unknown, field: string) => {
  if (err instanceof SheetTooLarge) return tooLargeFor(err, field);
  if (err instanceof SheetUnreadable) return badRequest({ [field]: ['import.xlsx_unreadable'] }, 'import.xlsx_unreadable');
  return err;
};

/**
 * Reads the people spreadsheet (rule 175): a real .xlsx, read in a worker thread within the reader's limits (at
 * most 20,000 rows, 250,000 cells and 64 MB unpacked: more answers 413; a broken file 400), a header row naming
 * the columns of the template. Empty rows are skipped.
 */
export async function readSpreadsheet(data: Buffer, filename: string, field = 'file') {
  if (!/\.xlsx$/i.test(filename) || data.subarray(0, 2).toString('latin1') !== 'PK') throw badRequest({ [field]: ['import.xlsx_only'] }, 'import.xlsx_only');
  const sheet = await readSheet(data, HEADERS).catch((err: unknown) => {
    throw refusedFor(err, field);
  });
  if (!sheet.headed) throw badRequest({ [field]: ['import.xlsx_empty'] }, 'import.xlsx_empty');
  if (!sheet.fields.includes('first_name') || !sheet.fields.includes('last_name')) throw badRequest({ [field]: ['import.xlsx_columns'] }, 'import.xlsx_columns');
  if (!sheet.rows.length) throw badRequest({ [field]: ['import.xlsx_empty'] }, 'import.xlsx_empty');
  return sheet.rows;
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
