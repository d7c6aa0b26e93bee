/**
 * CSV files the console builds from a list (an export of what the grid shows), with the server's cell rules
 * (`csvCell` of the contract: formulas defused, every separator quoted); the file starts with a byte-order mark
 * so that spreadsheets read Arabic and accents as UTF-8.
 */
import { type CsvCell, csvCell, csvLine } from '@gatehouse/contract';
import { saveBlob } from './save-file';

export { csvCell };
export type { CsvCell };

export function toCsv(headers: string[], rows: CsvCell[][]): string {
  return [headers, ...rows].map(csvLine).join('');
}

/** Offers the CSV as a download named `filename`. */
export function downloadCsv(filename: string, headers: string[], rows: CsvCell[][]) {
  saveBlob(new Blob(['\uFEFF', toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
