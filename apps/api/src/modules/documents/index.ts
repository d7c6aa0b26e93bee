/**
 * Document types and records (vaccine, PCR, certificates).
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { ensureDocumentTypes } from './create-document';
