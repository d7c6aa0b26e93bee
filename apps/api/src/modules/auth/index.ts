/**
 * Identity: accounts, a login's memberships and session.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { membershipsOf } from './login';
export { presentSession } from './present-session';
export { registerAccount } from './register-account';
