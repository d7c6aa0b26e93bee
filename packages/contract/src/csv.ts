/**
 * CSV cells, the same for the console's quick downloads and the server's exports. A text cell that a spreadsheet
 * would run as a formula (it begins with =, +, -, @, a tab or a carriage return) gets an apostrophe in front; a
 * cell holding any separator a spreadsheet may split on (comma, semicolon, tab), a quote or a line break, or with
 * spaces around it, is quoted as RFC 4180 says. Numbers are written as they are.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A text cell made safe to open in a spreadsheet (also used for XLSX text cells). */
export const defuseFormula = (text: string) => (FORMULA.test(text) ? `'${text}` : text);

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? defuseFormula(value) : String(value);
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvCell[]) => cells.map(csvCell).join(',') + '\r\n';
