/** What other modules may use of directory integrations (module boundary). */
export { integrationsTick } from './runs';
