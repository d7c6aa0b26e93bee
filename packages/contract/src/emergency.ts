import { z } from 'zod';
import { zBool, zFlag, zId, zListQuery } from './common';

/**
 * Emergency (roll-call) sessions (rules 41, 255-261; issue 17). A session covers one or more sites, takes everyone
 * on them from the scans and stays live. Statuses per person (gaps.md: not shown; docs/decisions.md).
 */
export const EMERGENCY_STATUSES = ['unaccounted', 'safe', 'needs_help', 'not_on_site'] as const;
export type EmergencyStatusValue = (typeof EMERGENCY_STATUSES)[number];
export const zEmergencyStatus = z.enum(EMERGENCY_STATUSES, { error: 'emergency.status_invalid' });
export const EMERGENCY_PRESENCE = ['on_site', 'left'] as const;
export const SESSION_STATES = ['started', 'ended'] as const;

/** A session's name: 2 to 100 characters; given by the warden or made from the sites and the time. */
export const SESSION_NAME_MAX = 100;
/** The most people one list answer carries (the phone keeps the whole list). */
export const EMERGENCY_LIST_MAX = 10_000;

export const zStartEmergencyBody = z.object({
  entity_id: zId.optional(),
  name: z.string().trim().min(2, 'emergency.name_min').max(SESSION_NAME_MAX, 'emergency.name_max').optional(),
  site_ids: z.array(zId, { error: 'emergency.sites_required' }).min(1, 'emergency.sites_required').max(200),
  drill: zBool.default(false),
});
export type StartEmergencyBody = z.output<typeof zStartEmergencyBody>;

/**
 * A warden's mark (rule 259). `at`: when it was tapped (a phone offline sends it later), not in the future;
 * `idempotency_key`: the same mark sent twice counts once.
 */
export const zActionEmergencyBody = z.object({
  user_id: zId,
  status: zEmergencyStatus,
  muster_point_id: zId.nullable().optional(),
  at: z.iso.datetime({ offset: true, error: 'emergency.at_invalid' }).optional(),
  idempotency_key: z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_.:-]+$/).optional(),
});
export type ActionEmergencyBody = z.output<typeof zActionEmergencyBody>;

/** `get_emergency/{id}` filters (sites, areas; rule 260). */
export const zGetEmergencyQuery = z.object({
  sites: z.string().max(6000).regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'validation.id_list').optional(),
  areas: z.string().max(6000).regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'validation.id_list').optional(),
});

/** `emergency_list/{entityId}`: the people of the active sessions (filterBy: session_id, status, site_id, presence, search). */
export const zEmergencyListQuery = zListQuery.extend({
  limit: z.coerce.number().int().min(1).max(EMERGENCY_LIST_MAX).default(EMERGENCY_LIST_MAX),
});

export const zEmergencySessionsQuery = zListQuery;

export const zMusterPoint = z.object({ id: z.number(), site_id: z.number(), name: z.string() });
export const zMusterPointsBody = z.object({
  muster_points: z
    .array(z.object({ id: zId.optional(), name: z.string().trim().min(2, 'emergency.muster_name_min').max(60, 'emergency.muster_name_max') }))
    .max(30, 'emergency.muster_too_many'),
});
export const zSiteIdParam = z.object({ siteId: zId });

export const zEmergencyCounts = z.object({
  total: z.number(),
  on_site: z.number(),
  left: z.number(),
  unaccounted: z.number(),
  safe: z.number(),
  needs_help: z.number(),
  not_on_site: z.number(),
});
export type EmergencyCounts = z.output<typeof zEmergencyCounts>;

export const zEmergencySession = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(SESSION_STATES),
  drill: zFlag,
  start_method: z.enum(['manual', 'fire_alarm']),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  started_by_name: z.string(),
  ended_by_name: z.string().nullable(),
  start_kiosk_id: z.number().nullable(),
  all_accounted_at: z.string().nullable(),
  /** Seconds from the start until nobody on site was unaccounted (null while someone is). */
  accounted_after_seconds: z.number().nullable(),
  sites: z.array(z.object({ id: z.number(), name: z.string() })),
  counts: zEmergencyCounts,
});
export type EmergencySession = z.output<typeof zEmergencySession>;

export const zEmergencyPerson = z.object({
  session_id: z.number(),
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.string().nullable(),
  user_type_id: z.number().nullable(),
  site_id: z.number().nullable(),
  site_name: z.string().nullable(),
  area_id: z.number().nullable(),
  area_name: z.string().nullable(),
  host_name: z.string().nullable(),
  presence: z.enum(EMERGENCY_PRESENCE),
  joined_at: z.string().nullable(),
  left_at: z.string().nullable(),
  status: z.enum(EMERGENCY_STATUSES),
  status_at: z.string().nullable(),
  status_by_name: z.string().nullable(),
  status_source: z.enum(['warden', 'link']).nullable(),
  muster_point_id: z.number().nullable(),
  muster_point_name: z.string().nullable(),
});
export type EmergencyPerson = z.output<typeof zEmergencyPerson>;

export const zEmergencyDetail = z.object({
  data: zEmergencySession.extend({ muster_points: z.array(zMusterPoint), people: z.array(zEmergencyPerson) }),
  count: z.number(),
  permissions: z.object({ can_act: zFlag, can_end: zFlag }),
});

export const zEmergencyListResponse = z.object({
  data: z.array(zEmergencyPerson),
  count: z.number(),
  sessions: z.array(zEmergencySession),
  muster_points: z.array(zMusterPoint),
  generated_at: z.string(),
});
export type EmergencyListResponse = z.output<typeof zEmergencyListResponse>;

export const zStartEmergencyResponse = z.object({ message: z.string(), data: z.object({ id: z.number(), name: z.string(), started: zFlag }) });
export const zActionEmergencyResponse = z.object({ message: z.string(), data: zEmergencyPerson, replayed: zFlag });
export const zPermissionCheck = z.object({
  data: z.object({ allowed: zFlag, message: z.string().nullable(), sites: z.array(z.string()) }),
});
export const zActiveSessions = z.object({ data: z.object({ count: z.number(), sessions: z.array(zEmergencySession) }) });
export const zAreaWithSession = z.object({
  area_id: z.number(),
  area_name: z.string(),
  site_id: z.number(),
  site_name: z.string(),
  session_id: z.number(),
  session_name: z.string(),
});

export const zTimelineEvent = z.object({
  id: z.number(),
  kind: z.enum(['started', 'mark', 'joined', 'left', 'message', 'ended']),
  at: z.string(),
  user_id: z.number().nullable(),
  person_name: z.string().nullable(),
  status: z.enum(EMERGENCY_STATUSES).nullable(),
  muster_point_name: z.string().nullable(),
  actor_name: z.string().nullable(),
  source: z.enum(['warden', 'link', 'system', 'fire_alarm']),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineEvent = z.output<typeof zTimelineEvent>;
export const zEmergencyReport = z.object({
  data: zEmergencySession.extend({ people: z.array(zEmergencyPerson), timeline: z.array(zTimelineEvent), entity_name: z.string() }),
});
export type EmergencyReport = z.output<typeof zEmergencyReport>['data'];

/** A message to everyone still unaccounted: mail, and SMS where a gateway is configured. */
export const EMERGENCY_CHANNELS = ['mail', 'sms'] as const;
export const zEmergencyMessageBody = z.object({
  channels: z.array(z.enum(EMERGENCY_CHANNELS)).min(1, 'emergency.channels_required').max(2),
  note: z.string().trim().max(300).optional(),
});
export const zEmergencyMessageResponse = z.object({
  message: z.string(),
  data: z.object({ people: z.number(), mail: z.number(), sms: z.number(), unreachable: z.number(), sms_available: zFlag }),
});

/** The single-use "I'm safe / I need help" link (public page /safe/:token). */
export const zSafetyTokenParam = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/) });
export const zSafetyLinkInfo = z.object({
  data: z.object({
    first_name: z.string(),
    session_name: z.string(),
    organisation: z.string(),
    state: z.enum(['open', 'used', 'ended']),
    answer: z.enum(['safe', 'needs_help']).nullable(),
    lang: z.enum(['en', 'ar', 'es']),
  }),
});
export const zSafetyAnswerBody = z.object({ answer: z.enum(['safe', 'needs_help'], { error: 'emergency.answer_invalid' }) });

/**
 * Kiosk fire alarm (docs/kiosk-protocol.md): the device reads its input and, when it trips, sends `fire-alarm`
 * over `/kiosk`; the server answers `{ ok, session_id?, started?, error? }`.
 */
export const zFireAlarmMessage = z.object({
  voltage: z.number().min(-100).max(100),
  alarm_id: z.string().max(100).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type FireAlarmMessage = z.infer<typeof zFireAlarmMessage>;
/** Server -> kiosk: the evacuation screen shows while a session covers the kiosk's site. */
export interface KioskEmergencyMessage {
  state: 'started' | 'ended';
  session_id: number;
  name: string;
  drill: 0 | 1;
  site_id: number | null;
}
export const FIRE_ALARM_EVENT = 'fire-alarm';
export const KIOSK_EMERGENCY_EVENT = 'emergency';

/** Rooms: wardens with the emergency permission, by site (a warden limited to some sites hears only those). */
export const emergencyAllRoom = (entityId: number) => `emergency:${entityId}:all`;
export const emergencySiteRoom = (entityId: number, siteId: number) => `emergency:${entityId}:site:${siteId}`;
/** The console asks to hear a session's people (after `join`). */
export const JOIN_EMERGENCY_EVENT = 'join-emergency';

/** Does a fire alarm reading trip the input (rule 237: trigger on high or low voltage, threshold in V)? */
export const alarmTrips = (voltage: number, threshold: number, trigger: 'high' | 'low') => (trigger === 'high' ? voltage >= threshold : voltage <= threshold);

export const zSafetyLinkAnswered = z.object({ message: z.string(), data: zSafetyLinkInfo.shape.data });

export const zMusterPoints = z.object({ data: z.array(zMusterPoint) });

export const zMusterPointsSaved = z.object({ message: z.string(), data: z.array(zMusterPoint) });
