import type { AppRoute } from '../../lib/route-types';

/** Attendance modes and reasons (rules 247-253), settings pages gated by `attendance modes`. */
export const attendanceRoutes: AppRoute[] = [
  { path: '/attendance-modes', page: () => import('./pages/AttendanceModesPage'), title: 'attendance:title', permission: 'attendance modes', packageRule: 'cloud' },
  { path: '/add-attendance-mode', page: () => import('./pages/AddAttendanceModePage'), title: 'attendance:mode_form', permission: 'attendance modes', packageRule: 'cloud', parent: '/attendance-modes' },
  { path: '/add-reason', page: () => import('./pages/AddReasonPage'), title: 'attendance:reason_form', permission: 'attendance modes', packageRule: 'cloud', parent: '/attendance-modes' },
];
