/** What other modules may use of sites (module boundaries). */
export { reachableSite, reachableSiteIds, siteFilter } from './site-access';
