import type { z } from 'zod';
import type { zKioskSettingBody } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { kiosks, type KioskSettings } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { reachableSiteIds } from '../sites';

type SettingBody = z.output<typeof zKioskSettingBody>;

/** Active kiosks of the organisation in sites the actor may see; 404 when any id is not one of them. */
export async function reachableKiosks(tx: Db, actor: MemberActor, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tx
        .select()
        .from(kiosks)
        .where(and(eq(kiosks.entityId, actor.entityId), inArray(kiosks.id, unique), eq(kiosks.status, 'active')))
    : [];
  const sites = await reachableSiteIds(tx, actor);
  const ok = rows.filter((k) => !sites || k.siteId === null || sites.includes(k.siteId));
  if (ok.length !== unique.length) throw notFound('kiosks.unknown');
  return ok;
}

/**
 * Applies settings to one or many kiosks (rule 240). A fire alarm that is on needs the kiosk's local sync IP and
 * port (rule 236); when one kiosk lacks them nothing is changed.
 */
export async function applySettings(tx: Db, actor: MemberActor, ids: number[], body: SettingBody) {
  const rows = await reachableKiosks(tx, actor, ids);
  const updates = rows.map((k) => {
    const ip = body.local_sync_ip !== undefined ? body.local_sync_ip : k.localSyncIp;
    const port = body.local_sync_port !== undefined ? body.local_sync_port : k.localSyncPort;
    const settings: KioskSettings = { ...(k.settings ?? {}) };
    for (const [key, value] of Object.entries(body.settings)) if (value !== undefined) (settings as Record<string, unknown>)[key] = value;
    const fire = settings.fire_alarm;
    if (fire?.enabled && (!(fire.local_sync_ip ?? ip) || !(fire.local_sync_port ?? port))) {
      throw badRequest({ 'settings.fire_alarm': ['sites.fire_alarm_needs_sync'] }, 'sites.fire_alarm_needs_sync');
    }
    return { id: k.id, ip, port, settings };
  });
  const out = [];
  for (const u of updates) {
    const [row] = await tx
      .update(kiosks)
      .set({ localSyncIp: u.ip, localSyncPort: u.port, settings: u.settings, updatedAt: sql`now()` })
      .where(and(eq(kiosks.id, u.id), eq(kiosks.entityId, actor.entityId)))
      .returning();
    out.push(row);
  }
  return out;
}
