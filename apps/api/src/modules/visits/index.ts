/**
 * Visits: pre-registration and confirmation links, expected visits and approval, signing open visits out.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { announceAwaitingWalkIn, expectWalkInForApproval } from './awaiting-walk-in';
export { closeOpenVisits } from './close-open-visits';
export { countSignedIn } from './count-signed-in';
export { seedExpectedVisitors } from './demo';
export { openVisit } from './open-visit';
export { storeVisitorPhoto } from './photo';
export { linkHash } from './visit-link';
export { currentCondition } from './flow-rules';
