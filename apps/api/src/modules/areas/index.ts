/**
 * Areas of a site: reaching one, presenting it, its entry conditions and documents, nesting them.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { presentArea } from './present';
export { requirementIds } from './requirements';
export { reachableArea } from './save-area';
export { nest } from './tree';
