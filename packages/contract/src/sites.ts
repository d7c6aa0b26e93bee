import { z } from 'zod';
import { listOf, one, zBool, zId, zNamed } from './common';

/** Sites, areas and doors (rules 229-238). */

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const zPlaceName = z.string().trim().min(2, 'sites.name_min').max(100, 'sites.name_max');
const zIp = z
  .string()
  .trim()
  .regex(/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/, 'sites.ip_invalid');
const zPort = z.coerce.number().int('sites.port_invalid').min(1, 'sites.port_invalid').max(65535, 'sites.port_invalid');

/** Fire alarm input/output settings (rule 237); needs the local sync IP and port when on (rule 236). */
export const FIRE_ALARM_IO_PORTS = ['active', 'passive'] as const;
export const FIRE_ALARM_ACTIONS = ['open_door', 'no_action'] as const;
export const FIRE_ALARM_TRIGGERS = ['high', 'low'] as const;
/** Threshold in volts (rule 237). */
export const FIRE_ALARM_MAX_VOLTS = 48;
export const zFireAlarm = z.object({
  enabled: zBool.default(false),
  local_sync_ip: zIp.nullable().optional(),
  local_sync_port: zPort.nullable().optional(),
  io_port: z.enum(FIRE_ALARM_IO_PORTS).default('active'),
  voltage_threshold: z.coerce.number().min(0, 'sites.voltage_range').max(FIRE_ALARM_MAX_VOLTS, 'sites.voltage_range').default(12),
  action_upon_fire: z.enum(FIRE_ALARM_ACTIONS).default('no_action'),
  trigger_level: z.enum(FIRE_ALARM_TRIGGERS).default('high'),
});
export type FireAlarm = z.output<typeof zFireAlarm>;
/** The same settings as answered (response schemas carry no transforms). */
export const zFireAlarmOut = z.object({
  enabled: z.boolean(),
  local_sync_ip: z.string().nullable(),
  local_sync_port: z.number().nullable(),
  io_port: z.enum(FIRE_ALARM_IO_PORTS),
  voltage_threshold: z.number(),
  action_upon_fire: z.enum(FIRE_ALARM_ACTIONS),
  trigger_level: z.enum(FIRE_ALARM_TRIGGERS),
});
const requireSyncAddress = (f: { enabled: boolean; local_sync_ip?: string | null; local_sync_port?: number | null } | null | undefined, ctx: z.RefinementCtx, path: string[]) => {
  if (!f?.enabled) return;
  if (!f.local_sync_ip) ctx.addIssue({ code: 'custom', path: [...path, 'local_sync_ip'], message: 'sites.fire_alarm_needs_sync' });
  if (!f.local_sync_port) ctx.addIssue({ code: 'custom', path: [...path, 'local_sync_port'], message: 'sites.fire_alarm_needs_sync' });
};

export const zSiteFields = z.object({
  name: zPlaceName,
  location_name: z.string().trim().max(200).nullable().optional(),
  lat: z.coerce.number('sites.lat_range').min(-90, 'sites.lat_range').max(90, 'sites.lat_range'),
  long: z.coerce.number('sites.long_range').min(-180, 'sites.long_range').max(180, 'sites.long_range'),
  radius: z.coerce.number('sites.radius_positive').positive('sites.radius_positive').max(100_000, 'sites.radius_max'),
  zoom: z.coerce.number().int().min(1).max(22).default(15),
  timezone: z.string().trim().min(1).max(64).refine(isTimeZone, 'sites.timezone_invalid').default('UTC'),
  geofencing: zBool.default(false),
  fire_alarm: zFireAlarm.nullable().optional(),
});
export const zSiteBody = zSiteFields
  .extend({ entity_id: zId })
  .superRefine((b, ctx) => requireSyncAddress(b.fire_alarm, ctx, ['fire_alarm']));
export type SiteBody = z.output<typeof zSiteBody>;

export const zSite = z.object({
  id: z.number(),
  entity_id: z.number(),
  name: z.string(),
  location_name: z.string().nullable(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  radius: z.number(),
  zoom: z.number(),
  timezone: z.string(),
  geofencing: z.union([z.literal(0), z.literal(1)]),
  fire_alarm: zFireAlarmOut.nullable(),
  areas_count: z.number(),
  devices_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof zSite>;
export const zSiteShort = z.object({ id: z.number(), name: z.string(), timezone: z.string() });

/** Areas (rules 230-235). */
export const AREA_LOGIN_MODES = ['sign_in_out', 'sign_in_only', 'off'] as const;
export const AUTO_SIGN_OUT_MODES = ['none', 'after_24_hours', 'midnight'] as const;
export const zAreaFields = z.object({
  name: zPlaceName,
  site_id: zId,
  parent_id: zId.nullable().optional(),
  journey_id: zId.nullable().optional(),
  login_mode: z.enum(AREA_LOGIN_MODES).default('sign_in_out'),
  auto_sign_out_mode: z.enum(AUTO_SIGN_OUT_MODES).default('none'),
  remote_access: zBool.default(false),
  geofence: zBool.default(false),
  compliance_ids: z.array(zId).max(100).default([]),
  /** Documents the area asks for: document types (vaccination certificate, PCR test result; rule 186). */
  document_type_ids: z.array(zId).max(50).default([]),
});
export const zAreaBody = zAreaFields.extend({ entity_id: zId });
/** Edits name only what is sent (no defaults: a missing field keeps its value). */
export const zAreaUpdateBody = z.object({
  entity_id: zId.optional(),
  name: zPlaceName.optional(),
  journey_id: zId.nullable().optional(),
  login_mode: z.enum(AREA_LOGIN_MODES).optional(),
  auto_sign_out_mode: z.enum(AUTO_SIGN_OUT_MODES).optional(),
  remote_access: zBool.optional(),
  geofence: zBool.optional(),
  compliance_ids: z.array(zId).max(100).optional(),
  document_type_ids: z.array(zId).max(50).optional(),
});
export const zAreaMoveBody = z.object({ site_id: zId, parent_id: zId.nullable().optional() });

export const zArea = z.object({
  id: z.number(),
  entity_id: z.number(),
  site_id: z.number(),
  site_name: z.string().optional(),
  parent_id: z.number().nullable(),
  name: z.string(),
  journey_id: z.number().nullable(),
  login_mode: z.enum(AREA_LOGIN_MODES),
  auto_sign_out_mode: z.enum(AUTO_SIGN_OUT_MODES),
  remote_access: z.union([z.literal(0), z.literal(1)]),
  geofence: z.union([z.literal(0), z.literal(1)]),
  qr_code: z.string(),
  compliance_ids: z.array(z.number()),
  document_type_ids: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Area = z.infer<typeof zArea>;

/** An area's entry conditions and documents by name (rule 230), and the choices the area form offers. */
export const zDocumentTypeRef = z.object({ id: z.number(), key: z.string(), name: z.string() });
export const zAreaRequirements = z.object({ compliances: z.array(zNamed), documents: z.array(zDocumentTypeRef) });
export type AreaRequirements = z.infer<typeof zAreaRequirements>;
export const zAreaOptions = zAreaRequirements.extend({ journeys: z.array(zNamed) });
export type AreaOptions = z.infer<typeof zAreaOptions>;

/** Doors added to an area ("Door Added"). */
export const zDeviceBody = z.object({
  entity_id: zId,
  area_id: zId,
  name: zPlaceName,
  type: z.literal('door').default('door'),
  kiosk_id: zId.nullable().optional(),
  io_port: z.coerce.number().int().min(0).max(64).nullable().optional(),
});
export const zDevice = z.object({
  id: z.number(),
  type: z.literal('door'),
  name: z.string(),
  site_id: z.number(),
  area_id: z.number(),
  kiosk_id: z.number().nullable(),
  io_port: z.number().nullable(),
  created_at: z.string(),
});
export type Device = z.infer<typeof zDevice>;

/** Checks before a mode change or removal (rules 232-235). */
export const AREA_CHECK_ACTIONS = ['login_mode', 'remote_access', 'geofence', 'delete', 'move'] as const;
export const zSignedInCount = z.object({ area_id: z.number(), signed_in: z.number(), remote_access: z.number(), geofence: z.number() });

/** A site of the /sites tree with its areas nested (each with its kiosks and doors). */
export const zSiteTreeNode = zSite.extend({ areas: z.array(z.unknown()) });

/** The map tiles the console's geofence and site maps use. */
export const zMapSettings = z.object({ data: z.object({ tile_url: z.string(), attribution: z.string() }) });

export const zSiteSaved = z.object({ message: z.string(), data: zSite });

export const zAreaSaved = z.object({ message: z.string(), data: zArea });

/** An area's way in with how many are signed in, through remote access and geofence (rule 235). */
export const zAreaLoginMode = z.object({ area_id: z.number(), name: z.string(), login_mode: z.enum(AREA_LOGIN_MODES), remote_access: z.number(), geofence: z.number(), signed_in: z.number() });

/** What a change of an area would do to the people signed in (rules 232-235). */
export const zAreaCheck = z.object({ area_id: z.number(), action: z.enum(AREA_CHECK_ACTIONS), allowed: z.union([z.literal(0), z.literal(1)]), signed_in: z.number(), will_sign_out: z.number(), message: z.string().nullable() });

export const zAreaSignOutCheck = one(z.object({ should_sign_out: z.union([z.literal(0), z.literal(1)]), count: z.number(), users: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string() })) }));

export const zSignedInCountChecked = z.object({ message: z.string(), data: zSignedInCount });

export const zAreaQr = one(z.object({ area_id: z.number(), name: z.string(), url: z.string(), data_url: z.string() }));

export const zAreaUpdated = zAreaSaved.extend({ signed_out: z.number() });

export const zAreaCheckAnswer = one(zAreaCheck);

export const zAreaLoginModes = listOf(zAreaLoginMode);
