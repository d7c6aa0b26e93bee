import { and, eq, isNull, sql } from 'drizzle-orm';
import { integrationPeople, integrations } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { withTenant } from '../../platform/db/tenant';
import { asSystem } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { oncePerIdempotencyKey, signInOut } from '../signin';
import { Net2Adapter, type PaxtonConfig } from './adapters/net2';
import { openConfig } from './store';

/** How far back the first read of an integration's door events goes. */
const FIRST_WINDOW_MS = 24 * 3600 * 1000;

export interface DoorEventsRead {
  read: number;
  signedIn: number;
  skipped: number;
}

/**
 * Net2 door events as scans (issue 19 part 4): the events after the integration's cursor (`cursor.events_after`, the
 * last event id read) whose door is mapped to one of our areas (`door_areas`) and whose Net2 user is one of the
 * people the sync brought (by the Net2 id kept at sync) become sign-ins at that area, recorded as a card read that
 * already happened (no questions: the person is through the door). The event id is the sign-in's idempotency key,
 * so an event read twice records one scan; someone already signed in there, or refused by the sign-in's own rules,
 * is skipped. The cursor moves past every event read.
 */
export async function readDoorEvents(services: Services, entityId: number, integrationId: number): Promise<DoorEventsRead> {
  const db = services.database.db;
  const integ = await withTenant(db, entityId, async (tx) => (await tx.select().from(integrations).where(and(eq(integrations.entityId, entityId), eq(integrations.id, integrationId))))[0]);
  const out = { read: 0, signedIn: 0, skipped: 0 };
  if (!integ || integ.type !== 'paxton' || !integ.doorAreas.length) return out;
  const after = Number(integ.cursor.events_after ?? 0) || 0;
  const since = integ.cursor.events_since ? new Date(integ.cursor.events_since) : new Date(Date.now() - FIRST_WINDOW_MS);
  const adapter = new Net2Adapter(openConfig(services.config.secretKey, integ) as unknown as PaxtonConfig);
  const { events, cursor } = await adapter.doorEvents(after, since);
  out.read = events.length;
  const areaOf = new Map(integ.doorAreas.map((d) => [d.door_id, d.area_id]));
  for (const e of events) {
    const areaId = e.doorId ? areaOf.get(e.doorId) : undefined;
    const person = areaId
      ? await withTenant(db, entityId, async (tx) => (await tx.select({ userId: integrationPeople.userId }).from(integrationPeople).where(and(eq(integrationPeople.integrationId, integ.id), eq(integrationPeople.externalId, e.userId), isNull(integrationPeople.removedAt))))[0])
      : undefined;
    if (!areaId || !person) {
      out.skipped++;
      continue;
    }
    const actor = { entityId, userId: integ.createdBy ?? person.userId, allSites: true, allUserTypes: true } as MemberActor;
    const key = `net2-${integ.id}-${e.eventId}`;
    try {
      const result = await oncePerIdempotencyKey(key, () =>
        withTenant(db, entityId, (tx) =>
          signInOut(tx, {
            outbox: services,
            actor,
            body: { area_id: areaId, user_id: person.userId, action: 'in', input_method: 'rfid', at: e.at.toISOString(), idempotency_key: key },
            method: 'rfid',
            skipAccessCheck: true,
            recordedOffline: true,
            requestHash: key,
          }),
        ),
      );
      if (result.replayed) out.skipped++;
      else out.signedIn++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.skipped++;
    }
  }
  const latest = events.length ? events[events.length - 1].at : null;
  const nextSince = latest && latest > since ? latest : since;
  await withTenant(db, entityId, (tx) =>
    tx
      .update(integrations)
      .set({ cursor: sql`${integrations.cursor} || ${JSON.stringify({ events_after: String(cursor), events_since: nextSince.toISOString() })}::jsonb` })
      .where(eq(integrations.id, integ.id)),
  );
  return out;
}

/** Every minute: each Net2 integration with doors mapped to areas reads its new door events. */
export async function doorEventsTick(services: Services) {
  const list = await asSystem(services.database.db, (tx) =>
    tx
      .select({ id: integrations.id, entityId: integrations.entityId })
      .from(integrations)
      .where(and(eq(integrations.type, 'paxton'), sql`${integrations.status} in ('active', 'active_with_errors')`, sql`jsonb_array_length(${integrations.doorAreas}) > 0`)),
  );
  for (const i of list) await readDoorEvents(services, i.entityId, i.id).catch((e: Error) => console.error('[net2 door events]', i.id, e.message));
  return list.length;
}
