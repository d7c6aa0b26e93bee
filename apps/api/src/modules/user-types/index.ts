/** What other modules may use of user types (module boundary). */
export { canUseType, grantedUserTypeIds } from './policy';
