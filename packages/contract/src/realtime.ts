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

/** `update` carries what changed: the owner-created notice, or a domain change the console refreshes on. */
export type UpdatePayload =
  | { type: 'site' | 'user_type'; action: 'created'; name: string; created_by: string; created_by_id: number }
  | { type: string; action: string; id?: number; [k: string]: unknown };

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
}

export interface ServerEventPayloads {
  update: UpdatePayload;
  updateEmergencySessionData: { sessionId: number; count?: number; [k: string]: unknown };
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
