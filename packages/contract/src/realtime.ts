import type { EmergencyPerson } from './emergency';
import type { KioskRequestStatus } from './kiosks';
import type { ImportStatus } from './people';
import type { Scan } from './signin';
import type { VisitDecision } from './visitors';

/** Socket.IO event names and payloads (../spec/realtime.json, rules 63-67). */
export const SERVER_EVENTS = [
  'update',
  'updateEmergencySessionData',
  'pongUpdateEntityPackage',
  'pongUpdateEntityPlan',
  'pongUpdateUserRole',
  'pongStartSessionDiffAdmin',
  'pongEndSessionDiffAdmin',
  'updateEntityTwoStepAuth',
  'updateUserTwoStepAuth',
] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

export const RECONNECT_MS = 3000;

/** One record changed, or several at once (`ids`). */
type Changed<T extends string, A extends string, Extra = unknown> = { type: T; action: A } & ({ id: number } | { ids: number[] }) & Extra;
/** The notice of rule 71 for a site or user type an owner created (name and who created it). */
type CreatedNotice<T extends string> = { type: T; action: 'created'; name: string; created_by: string; created_by_id: number };

/**
 * `update` carries what changed, told apart by `type` (and `action`): the owner-created notices the shell shows
 * (rule 71), and the domain changes the console's pages refresh on. The server's emit and the console's listeners
 * both type against this union, so a new kind of change is added here first.
 */
export type UpdatePayload =
  | CreatedNotice<'site' | 'user_type'>
  | Changed<'site', 'updated' | 'deleted'>
  | Changed<'area', 'created' | 'updated' | 'moved' | 'deleted'>
  | Changed<'kiosk', 'created' | 'updated' | 'moved' | 'settings' | 'online' | 'offline' | 'deleted'>
  | Changed<'device', 'created'>
  | { type: 'kiosk_request'; action: KioskRequestStatus; id: number; kiosk_id: number; command: string; status: KioskRequestStatus; reason: string | null }
  | Changed<'journey', 'created' | 'updated' | 'deleted'>
  | Changed<'journey_flow', 'created' | 'updated' | 'deleted', { closed_visits?: number }>
  | Changed<'compliance', 'created' | 'updated' | 'deleted', { version?: number }>
  | Changed<'compliance_user', 'created', { status: 'success' | 'failed' }>
  | Changed<'attendance_mode', 'created' | 'updated' | 'deleted'>
  | Changed<'user', 'created' | 'erased'>
  | Changed<'face_library', 'updated'>
  | Changed<'visit', 'created' | 'pre_registered' | VisitDecision>
  | { type: 'scan'; action: 'created'; id: number; visit_id: number; direction: 'in' | 'out'; scan: Scan }
  | { type: 'scan'; action: 'auto_closed'; visit_ids: number[] }
  | { type: 'import'; action: ImportStatus; id: number; processed: number; total: number; created: number; updated: number; refused: number }
  | Changed<'announcement', 'created' | 'updated' | 'deleted' | 'status'>
  | { type: 'export'; action: 'progress' | 'ready'; id: number; rows: number }
  | { type: 'export'; action: 'failed'; id: number }
  | Changed<'print_job', 'canceled' | 'reprint'>
  | Changed<'privacy_run', 'done'>;
export type UpdateType = UpdatePayload['type'];

export interface UserRolePayload {
  user_id: number;
  updated_by: number;
  oldRole: string | null;
  newRole: string | null;
  siteNames: string[];
  userTypeNames: string[];
}
export interface PackagePayload {
  entityPlan: number | null;
  package: string | null;
  action?: 'upgrade' | 'downgrade';
  updated_by: number;
}
export interface TwoStepPayload {
  entity_id: number;
  updated_by: number;
  isOtpEnabled: 0 | 1;
  user_id: number | null;
  otp_roles?: number[];
}
export interface EmergencySessionPayload {
  sessionId: number;
  sessionName: string;
  user: { email: string; fullName: string };
  userIdEnded?: number | null;
  userName: string;
  /** The member who started or ended it: the notice is for the others ("DiffAdmin"). */
  user_id?: number | null;
}

export interface ServerEventPayloads {
  update: UpdatePayload;
  updateEmergencySessionData: { sessionId: number; action: 'started' | 'ended' } | { sessionId: number; action: 'people'; count: number; people: EmergencyPerson[] };
  pongUpdateEntityPackage: PackagePayload;
  pongUpdateEntityPlan: PackagePayload;
  pongUpdateUserRole: UserRolePayload;
  pongStartSessionDiffAdmin: EmergencySessionPayload;
  pongEndSessionDiffAdmin: EmergencySessionPayload;
  updateEntityTwoStepAuth: TwoStepPayload;
  updateUserTwoStepAuth: TwoStepPayload;
}

export const entityRoom = (entityId: number) => `entity:${entityId}`;
export const userRoom = (userId: number) => `user:${userId}`;
