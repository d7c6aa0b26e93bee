/**
 * Custom fields: checking and writing a person's values, presenting their sections.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { checkCustomFieldValues, sectionsOfUser, writeCustomFieldValues } from './field-values';
