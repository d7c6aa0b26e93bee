/**
 * Importing people from a spreadsheet.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { runImport } from './run-import';
