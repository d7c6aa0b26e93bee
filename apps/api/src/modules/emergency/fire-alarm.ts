import {
  alarmTrips,
  FIRE_ALARM_EVENT,
  KIOSK_EMERGENCY_EVENT,
  KIOSK_NAMESPACE,
  type KioskEmergencyMessage,
  kioskRoom,
  zFireAlarmMessage,
} from '@gatehouse/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import { devices, emergencySessionSites, emergencySessions, entities, kiosks, sites, type FireAlarmSettings, type KioskSettings } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { sendSystemCommand } from '../kiosks/index';
import { announceSession } from './live';
import { startSession } from './start-session';

type Ack = (r: { ok: boolean; error?: string; session_id?: number; started?: 0 | 1 }) => void;

/** The kiosk's own fire alarm settings, else its site's (rule 237). */
export const effectiveAlarm = (kiosk: KioskSettings | null | undefined, site: FireAlarmSettings | null | undefined) => kiosk?.fire_alarm ?? site ?? null;

/**
 * A kiosk reports that its fire alarm input tripped (`fire-alarm` over `/kiosk`, docs/kiosk-protocol.md). The
 * server checks the reading against the kiosk's settings (IO port, threshold, trigger on high or low), starts a
 * session for the kiosk's site unless one is active (one session however many kiosks report: the start takes a
 * lock and joins the active one), and then: every kiosk of the site shows the evacuation screen, doors whose
 * kiosk's action upon fire is "open door" get the open command, and every warden gets the notice.
 */
export async function handleAlarm(services: Services, kioskId: number, entityId: number, payload: unknown) {
  const parsed = zFireAlarmMessage.safeParse(payload);
  if (!parsed.success) return { ok: false, error: 'invalid alarm message' } as const;
  const db = services.database.db;
  const result = await withTenant(db, entityId, async (tx) => {
    const [row] = await tx
      .select({ kiosk: kiosks, site: sites, entityName: entities.name })
      .from(kiosks)
      .innerJoin(entities, eq(entities.id, kiosks.entityId))
      .leftJoin(sites, and(eq(sites.id, kiosks.siteId), eq(sites.entityId, entityId)))
      .where(and(eq(kiosks.id, kioskId), eq(kiosks.entityId, entityId), eq(kiosks.status, 'active')));
    if (!row) return { error: 'unknown kiosk' };
    if (!row.site) return { error: 'kiosk has no site' };
    const settings = effectiveAlarm(row.kiosk.settings, row.site.fireAlarm);
    if (!settings?.enabled) return { error: 'fire alarm not enabled' };
    if (!alarmTrips(parsed.data.voltage, settings.voltage_threshold, settings.trigger_level)) return { error: 'not tripped' };
    const lang = row.kiosk.settings?.language ?? 'en';
    const out = await startSession(tx, {
      entityId,
      sites: [{ id: row.site.id, name: row.site.name }],
      lang,
      by: { userId: null, name: `${row.kiosk.name}`, email: null, method: 'fire_alarm', kioskId },
    });
    return { ...out, site: row.site, kioskName: row.kiosk.name };
  });
  if ('error' in result) return { ok: false, error: result.error } as const;
  const { session, started, site } = result;
  if (started) {
    announceSession(services, entityId, [site.id], 'pongStartSessionDiffAdmin', {
      sessionId: session.id,
      sessionName: session.name,
      user: { email: '', fullName: result.kioskName },
      userIdEnded: null,
      userName: result.kioskName,
      user_id: null,
      drill: 0,
    });
    await tellKiosks(services, entityId, [site.id], { state: 'started', session_id: session.id, name: session.name, drill: 0 });
    void openDoors(services, entityId, site.id, session.name).catch(() => undefined);
  }
  return { ok: true, session_id: session.id, started: started ? 1 : 0 } as const;
}

/** The evacuation screen on (or off) on every kiosk of the sites. */
export async function tellKiosks(services: Services, entityId: number, siteIds: number[], msg: Omit<KioskEmergencyMessage, 'site_id'>) {
  const nsp = services.realtime.io?.of(KIOSK_NAMESPACE);
  if (!nsp || !siteIds.length) return;
  const rows = await withTenant(services.database.db, entityId, (tx) =>
    tx
      .select({ id: kiosks.id, siteId: kiosks.siteId })
      .from(kiosks)
      .where(and(eq(kiosks.entityId, entityId), inArray(kiosks.siteId, siteIds), eq(kiosks.status, 'active'))),
  );
  for (const k of rows) nsp.to(kioskRoom(k.id)).emit(KIOSK_EMERGENCY_EVENT, { ...msg, site_id: k.siteId } satisfies KioskEmergencyMessage);
}

/** Doors of the site wired to a kiosk whose action upon fire is "open door" (rule 237) get `open-door`. */
async function openDoors(services: Services, entityId: number, siteId: number, sessionName: string) {
  const rows = await withTenant(services.database.db, entityId, (tx) =>
    tx
      .select({ door: devices, kiosk: kiosks, site: sites })
      .from(devices)
      .innerJoin(kiosks, and(eq(kiosks.id, devices.kioskId), eq(kiosks.entityId, entityId)))
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(and(eq(devices.entityId, entityId), eq(devices.siteId, siteId), isNotNull(devices.kioskId), eq(kiosks.status, 'active'))),
  );
  const doors = rows.filter((r) => effectiveAlarm(r.kiosk.settings, r.site.fireAlarm)?.action_upon_fire === 'open_door');
  await Promise.all(
    doors.map((r) => sendSystemCommand(services, entityId, r.kiosk.id, 'open-door', { door_id: r.door.id, door_name: r.door.name, io_port: r.door.ioPort, reason: 'fire_alarm', session: sessionName }, 'Fire alarm')),
  );
}

/**
 * The `/kiosk` side: a kiosk that connects while its site is in a session shows the evacuation screen at once (a
 * kiosk restarted mid-evacuation, or an API process that restarted), and its alarm reports are handled.
 */
export function attachKioskAlarm(io: Server, services: Services) {
  io.of(KIOSK_NAMESPACE).on('connection', (socket: Socket) => {
    const { kioskId, entityId } = socket.data as { kioskId: number; entityId: number };
    socket.on(FIRE_ALARM_EVENT, async (payload: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      const r = await handleAlarm(services, kioskId, entityId, payload).catch((err: Error) => ({ ok: false as const, error: err.message }));
      reply(r);
    });
    void withTenant(services.database.db, entityId, (tx) =>
      tx
        .select({ id: emergencySessions.id, name: emergencySessions.name, drill: emergencySessions.drill, siteId: kiosks.siteId })
        .from(kiosks)
        .innerJoin(emergencySessionSites, and(eq(emergencySessionSites.siteId, kiosks.siteId), eq(emergencySessionSites.active, true)))
        .innerJoin(emergencySessions, eq(emergencySessions.id, emergencySessionSites.sessionId))
        .where(and(eq(kiosks.id, kioskId), eq(kiosks.entityId, entityId))),
    )
      .then(([s]) => {
        if (s) socket.emit(KIOSK_EMERGENCY_EVENT, { state: 'started', session_id: s.id, name: s.name, drill: s.drill ? 1 : 0, site_id: s.siteId } satisfies KioskEmergencyMessage);
      })
      .catch(() => undefined);
  });
}
