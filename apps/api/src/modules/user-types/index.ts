/**
 * User types and which of them a member may manage (rule 101).
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { listUserTypes } from './list-user-types';
export { canUseType, grantedUserTypeIds } from './policy';
