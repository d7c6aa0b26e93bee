/**
 * Attendance modes and reasons: the lateness verdict of a sign-in, which modes a member may use.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { evaluateAttendance, type ModeRules } from './evaluate-attendance';
export { modeAccess } from './policy';
