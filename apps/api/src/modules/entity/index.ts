/**
 * Organisations: creating one, storing its logo.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { createEntity } from './create-entity';
export { LOGO_FILE, storeLogo } from './logo';
