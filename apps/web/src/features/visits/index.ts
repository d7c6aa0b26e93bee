// What other parts of the console may use of the visits feature.
export { awaitingApprovalFilter, useAwaitingApprovalCount } from './api/awaiting-approval';
export { VISITORS_PATHS } from './paths';
