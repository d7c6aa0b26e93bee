import { type JourneyBody, temperatureThreshold } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { attendanceModes, journeySites, journeys, sites, userTypes } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { assertOwned, grantedSites, hasSite, usableJourney } from './policy';
import { blockedMessage, blockedSiteRemovals } from './validate-journey-sites';

type T = (k: string, v?: Record<string, string | number>) => string;
type Audit = (tx: Db, action: string, subject: string, subjectId?: string | number | null, changes?: Record<string, unknown>) => Promise<void>;

const columns = (b: JourneyBody) => ({
  name: b.name,
  description: b.description ?? null,
  touchMode: b.touch_mode,
  quickpassUserTypeId: b.quickpass_user_type_id ?? null,
  instructionScreen: b.instruction_screen ?? null,
  shownUserTypeIds: [...new Set(b.shown_user_type_ids)],
  covidColumnName: b.covid_column_name ?? null,
  nameMatching: b.name_matching,
  attendanceModeId: b.attendance_mode_id ?? null,
  printBadge: b.print_badge,
  doorRelay: b.door_relay,
  wiegandOutput: b.wiegand_output,
  facialRecognition: b.facial_recognition,
  rfidScan: b.rfid_scan,
  temperatureCheck: b.temperature_check,
  temperatureThreshold: b.temperature_check ? temperatureThreshold(b.temperature_threshold) : (b.temperature_threshold ?? null),
  maskCheck: b.mask_check,
});

/** Every id the journey names must belong to the organisation (a site of another organisation is refused). */
async function checkReferences(tx: Db, actor: MemberActor, b: JourneyBody, addedSiteIds: number[]) {
  await assertOwned(tx, actor.entityId, sites, b.site_ids, 'site_ids', 'journeys.site_invalid');
  await assertOwned(tx, actor.entityId, userTypes, [b.quickpass_user_type_id], 'quickpass_user_type_id', 'journeys.user_type_invalid');
  await assertOwned(tx, actor.entityId, userTypes, b.shown_user_type_ids, 'shown_user_type_ids', 'journeys.user_type_invalid');
  await assertOwned(tx, actor.entityId, attendanceModes, [b.attendance_mode_id], 'attendance_mode_id', 'journeys.attendance_mode_invalid');
  // Rule 97: an admin may only put a journey on sites they administer.
  const granted = await grantedSites(tx, actor);
  if (addedSiteIds.some((id) => !hasSite(granted, id))) throw badRequest({ site_ids: ['journeys.site_access'] });
}

export async function createJourney(tx: Db, actor: MemberActor, b: JourneyBody, logo: string | undefined, audit: Audit) {
  const siteIds = [...new Set(b.site_ids)];
  await checkReferences(tx, actor, b, siteIds);
  const [row] = await tx.insert(journeys).values({ entityId: actor.entityId, ...columns(b), logo: logo ?? null }).returning();
  if (siteIds.length) await tx.insert(journeySites).values(siteIds.map((siteId) => ({ entityId: actor.entityId, journeyId: row.id, siteId })));
  await audit(tx, 'create', 'journey', row.id, { name: row.name, site_ids: siteIds });
  return row;
}

export async function updateJourney(tx: Db, actor: MemberActor, id: number, b: JourneyBody, logo: string | undefined, audit: Audit, t: T) {
  const { siteIds: current } = await usableJourney(tx, actor, id);
  const next = [...new Set(b.site_ids)];
  const blocked = await blockedSiteRemovals(tx, actor, id, current, next);
  if (blocked.length) throw new AppError(400, blockedMessage(blocked[0], t), { errors: { site_ids: blocked.map((x) => blockedMessage(x, t)) } });
  await checkReferences(tx, actor, b, next.filter((s) => !current.includes(s)));
  const [row] = await tx
    .update(journeys)
    .set({ ...columns(b), ...(logo ? { logo } : b.remove_logo ? { logo: null } : {}), updatedAt: sql`now()` })
    .where(and(eq(journeys.id, id), eq(journeys.entityId, actor.entityId)))
    .returning();
  if (!row) throw notFound();
  await tx.delete(journeySites).where(and(eq(journeySites.entityId, actor.entityId), eq(journeySites.journeyId, id)));
  if (next.length) await tx.insert(journeySites).values(next.map((siteId) => ({ entityId: actor.entityId, journeyId: id, siteId })));
  await audit(tx, 'update', 'journey', id, { name: row.name, site_ids: next });
  return row;
}
