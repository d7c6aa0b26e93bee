/** What other modules may use of users (module boundary). */
export { accessOf, visibleTo } from './policy';
