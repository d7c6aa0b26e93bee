/**
 * Journeys and flows.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { seedJourneys } from './demo';
