/**
 * Sites and which of them a member may reach.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { seedPlaces } from './demo';
export { reachableSite, reachableSiteIds, siteFilter } from './site-access';
