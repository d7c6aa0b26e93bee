/**
 * The one sign-in/out use case, its checks and refusals, the logbook's query.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { afterSignIn } from './after-sign-in';
export { hosts, personAndPlaceColumns, visitDetailColumns } from './columns';
export { signinDemo } from './demo';
export { asksOnArrival, readingsAsked } from './entry-checks';
export { presentScan, scanQuery, type ScanRow } from './load-scans';
export { requestHash } from './idempotency';
export { type LoadedSignIn, loadSignIn, type Read, withinGrace } from './load-sign-in';
export { loadSubject } from './load-subject';
export { blockedPeople } from './policy';
export { refusalMessage } from './refusal';
export { oncePerIdempotencyKey, signInOut, signInOutOnce, type SignInOutResult } from './sign-in-out';
