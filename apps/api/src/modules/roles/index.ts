/**
 * Roles: the notice a member gets when their role changes.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { roleNotice } from './role-notice';
