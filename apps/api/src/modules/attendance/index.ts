/** What other modules may use of attendance (module boundary). */
export { localClock, toMinutes, zonedMidnight } from './clock';
export { evaluateAttendance } from './evaluate-attendance';
export { modeAccess } from './policy';
