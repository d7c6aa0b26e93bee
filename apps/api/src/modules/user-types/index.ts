/** What other modules may use of user types (module boundaries). */
export { canUseType, grantedUserTypeIds } from './policy';
