/** What other modules may use of sites (module boundary). */
export { reachableSite, reachableSiteIds, siteFilter } from './site-access';
