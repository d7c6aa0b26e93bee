import { z } from 'zod';
import { listOf, one, zBool, zId } from './common';
import { zArea, zAreaRequirements, zDevice, zFireAlarm } from './sites';

/** Kiosks and remote commands (rules 239-246). The device protocol is in docs/kiosk-protocol.md. */

const zKioskName = z.string().trim().min(2, 'kiosks.name_min').max(100);
const zMac = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, 'kiosks.mac_invalid')
  .transform((s) => s.toUpperCase().replace(/-/g, ':'));
const zIp = z
  .string()
  .trim()
  .regex(/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/, 'sites.ip_invalid');

/** Pairing codes shown on the device: 8 characters from an unambiguous alphabet, valid 15 minutes. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_TTL_MINUTES = 15;
export const SETUP_TOKEN_TTL_DAYS = 7;

export const zDeviceInfo = z.object({
  name: z.string().trim().max(100).optional(),
  mac_address: zMac.optional(),
  serial: z.string().trim().max(100).optional(),
  app_version: z.string().trim().max(40).optional(),
});
/** Public: the device asks for a pairing code, or registers at once with a set-up file's token. */
export const zKioskRegisterBody = zDeviceInfo.extend({ registration_token: z.string().min(20).max(200).optional() });
export const zKioskPollBody = z.object({ registration_id: zId, secret: z.string().min(20).max(200) });

export const zKioskSettings = z.object({
  fire_alarm: zFireAlarm.nullable().optional(),
  temperature_unit: z.enum(['C', 'F']).optional(),
  language: z.enum(['en', 'ar', 'es']).optional(),
  sign_out_enabled: zBool.optional(),
  screen_timeout_seconds: z.coerce.number().int().min(5).max(3600).optional(),
});
export const zKioskSettingBody = z.object({
  settings: zKioskSettings,
  local_sync_ip: zIp.nullable().optional(),
  local_sync_port: z.coerce.number().int().min(1, 'sites.port_invalid').max(65535, 'sites.port_invalid').nullable().optional(),
});
export const zKiosksSettingBody = zKioskSettingBody.extend({ kiosk_ids: z.array(zId).min(1, 'kiosks.select_one').max(500) });

export const zKioskAddBody = z.object({
  entity_id: zId,
  name: zKioskName,
  area_id: zId,
  pairing_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`), 'kiosks.pairing_code_invalid'),
  journey_id: zId.nullable().optional(),
});
export const zKioskMoveBody = z.object({ area_id: zId });
export const zKiosksMoveBody = z.object({ kiosk_ids: z.array(zId).min(1, 'kiosks.select_one').max(500), area_id: zId });
export const zChangeJourneyBody = z.object({ kiosk: z.object({ journey_id: zId.nullable(), area_id: zId.optional() }) });

export const zKiosk = z.object({
  id: z.number(),
  entity_id: z.number(),
  name: z.string(),
  site_id: z.number().nullable(),
  area_id: z.number().nullable(),
  journey_id: z.number().nullable(),
  mac_address: z.string().nullable(),
  serial: z.string().nullable(),
  app_version: z.string().nullable(),
  local_sync_ip: z.string().nullable(),
  local_sync_port: z.number().nullable(),
  settings: z.record(z.string(), z.unknown()),
  status: z.enum(['active', 'deregistered']),
  online: z.union([z.literal(0), z.literal(1)]),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type Kiosk = z.infer<typeof zKiosk>;

/** Remote commands (rules 241-243). `force-resync` is the documents' unnamed force resync, in the same style. */
export const KIOSK_COMMANDS = [
  'open-door',
  'push-restart',
  'restart-app',
  'remote-show-screen',
  'pull-database',
  'refresh-face-library',
  'kiosk-logging',
  'update-app',
  'notify-remote-screen-share-start',
  'notify-remote-screen-share-end',
  'force-resync',
] as const;
export type KioskCommand = (typeof KIOSK_COMMANDS)[number];
/** Sent by the print list's reprint (rule 291), not a console command route: print the badge of `scan_id`. */
export const KIOSK_PRINT_COMMAND = 'print-badge';
/** Every command a kiosk may receive. */
export type KioskDeviceCommand = KioskCommand | typeof KIOSK_PRINT_COMMAND;

/** Control payload (rule 242). userName and isSuperAdmin are taken from the session, never from the body. */
export const zControlBody = z.object({
  kiosk_id: zId.optional(),
  kioskName: z.string().trim().max(100).optional(),
  macAddress: zMac,
  entityId: zId,
  userName: z.string().max(200).optional(),
  isSuperAdmin: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  door_id: zId.optional(),
});
/** Update-app carries mac, version, kiosk name and a key (rule 243). */
export const zUpdateAppBody = z.object({
  kiosk_id: zId.optional(),
  mac: zMac,
  version: z.string().trim().regex(/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/, 'kiosks.version_invalid'),
  kioskName: z.string().trim().max(100).optional(),
  key: z.string().trim().min(1, 'kiosks.key_required').max(500),
  entityId: zId,
});

/** Request statuses (rule 244); final ones cannot change any more. */
export const KIOSK_REQUEST_STATUSES = ['placed', 'pending', 'delivered', 'running', 'succeeded', 'failed', 'canceled', 'closed'] as const;
export type KioskRequestStatus = (typeof KIOSK_REQUEST_STATUSES)[number];
export const FINAL_REQUEST_STATUSES: readonly KioskRequestStatus[] = ['succeeded', 'failed', 'canceled', 'closed'];
/** Failure reasons (rule 245), sent as they are. */
export const NO_CONNECTION = 'no connection found to the kiosk';
export const NO_RUNNING_REQUEST = 'no running request found';

export const zKioskRequestLog = z.object({ status: z.enum(KIOSK_REQUEST_STATUSES), message: z.string().nullable(), at: z.string() });
export const zKioskRequest = z.object({
  id: z.number(),
  kiosk_id: z.number(),
  kiosk_name: z.string().optional(),
  command: z.string(),
  status: z.enum(KIOSK_REQUEST_STATUSES),
  reason: z.string().nullable(),
  userName: z.string(),
  isSuperAdmin: z.number(),
  requested_by: z.number().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  logs: z.array(zKioskRequestLog).optional(),
});
export type KioskRequest = z.infer<typeof zKioskRequest>;

/** Socket.IO namespace of devices, with its events. */
export const KIOSK_NAMESPACE = '/kiosk';
export const kioskRoom = (kioskId: number) => `kiosk:${kioskId}`;
/** server -> device: a command; the device acknowledges receipt (-> delivered). */
export interface KioskCommandMessage {
  request_id: number;
  command: KioskDeviceCommand;
  payload: Record<string, unknown>;
}
/**
 * server -> device: **`config-changed`** `{ reason }`, after something the kiosk's configuration
 * (`GET /api/kiosk-app/config`) depends on has changed and committed; the device loads its configuration again.
 * `reason` says what changed (informative: the device reloads the same way whatever it is).
 */
export const KIOSK_CONFIG_CHANGED = 'config-changed';
export const KIOSK_CONFIG_REASONS = ['journey', 'user_types', 'entry_conditions', 'custom_fields', 'settings', 'kiosk', 'area', 'site', 'organisation', 'announcements'] as const;
export type KioskConfigReason = (typeof KIOSK_CONFIG_REASONS)[number];
export interface KioskConfigChanged {
  reason: KioskConfigReason;
}
/** device -> server: progress of a request (running, then succeeded or failed). */
export const zKioskRequestUpdate = z.object({
  request_id: zId,
  status: z.enum(['running', 'succeeded', 'failed']),
  message: z.string().max(2000).optional(),
});
export type KioskRequestUpdate = z.infer<typeof zKioskRequestUpdate>;

/** An area with its kiosks, doors, people signed in and entry requirements. */
export const zAreaDetail = one(zArea.extend({ kiosks: z.array(zKiosk), doors: z.array(zDevice), signed_in: z.number() }).merge(zAreaRequirements));

export const zKioskSaved = z.object({ message: z.string(), data: zKiosk });

export const zKiosksSaved = z.object({ message: z.string(), data: z.array(zKiosk) });

export const zKioskRequestSaved = z.object({ message: z.string(), data: zKioskRequest });

/** A kiosk registered: its device token and where to connect. */
export const zKioskRegistered = z.object({ status: z.literal('registered'), kiosk_id: z.number(), entity_id: z.number(), device_token: z.string(), server_url: z.string(), namespace: z.string() });

/** A registration waiting for an administrator to enter the pairing code. */
export const zKioskPairing = z.object({ status: z.literal('pending'), registration_id: z.number(), pairing_code: z.string(), secret: z.string(), expires_at: z.string(), poll_ms: z.number() });

export const zKioskRegisterAnswer = z.object({ data: z.union([zKioskRegistered, zKioskPairing]) });

export const zKioskRegisterPoll = z.object({ data: z.union([zKioskRegistered, z.object({ status: z.literal('waiting'), poll_ms: z.number() })]) });

/** The set-up file a kiosk registers with (a site's one-time registration token). */
export const zKioskSetupFile = z.object({
  server_url: z.string(),
  namespace: z.string(),
  register_path: z.string(),
  entity_id: z.number(),
  site_id: z.number(),
  site_name: z.string(),
  registration_token: z.string(),
  expires_at: z.string(),
});

export const zKioskAppVersions = listOf(z.object({ app_version: z.string().nullable(), kiosks: z.number() }));

/** A kiosk's room: its site, area, doors and people signed in. */
export const zKioskRoom = one(
  z.object({
    kiosk: zKiosk,
    site: z.object({ id: z.number(), name: z.string(), timezone: z.string() }).nullable(),
    area: z.object({ id: z.number(), name: z.string(), login_mode: z.string() }).nullable(),
    doors: z.array(zDevice),
    signed_in: z.number(),
  }),
);

export const zKioskDetail = one(zKiosk.extend({ requests: z.array(zKioskRequest) }));

export const zDeviceSaved = z.object({ message: z.string(), data: zDevice });
