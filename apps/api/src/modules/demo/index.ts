/**
 * The first start: the admin account and the demo organisation with every area's sample data.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { credentialsBox } from './credentials';
export { seedOnFirstStart } from './seed';
export { demoSeeders } from './seeders';
