/** What other modules may use of the privacy manager (module boundary). */
export { createDefaultRetention } from './retention';
