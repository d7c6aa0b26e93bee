/**
 * Entry conditions: when one is due, evaluating answers, storing them, the online-compliance link job.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { complianceDueFor, isComplianceDue } from './compliance-due';
export { evaluateAnswers, type Evaluation } from './evaluate-answers';
export { scheduleComplianceLink } from './link-jobs';
export { saveAnswers } from './save-answers';
