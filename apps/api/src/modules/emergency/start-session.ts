import { translate, type Language } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { emergencyEvents, emergencySessionSites, emergencySessions, sites } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';

export interface Starter {
  userId: number | null;
  name: string;
  email: string | null;
  method: 'manual' | 'fire_alarm';
  kioskId?: number | null;
}

export interface StartSession {
  entityId: number;
  sites: { id: number; name: string }[];
  name?: string;
  drill?: boolean;
  by: Starter;
  lang: Language;
}

/** One lock per organisation: two starts (20 kiosks reporting one alarm) run one after the other. */
const START_LOCK = 7017;

/**
 * Starts a session over the given sites (rules 255-257), in the caller's tenant transaction: everyone signed in on
 * those sites (staff, pupils, visitors with their hosts, contractors) is taken from the open visits; from then on
 * the visits trigger keeps the list live. A site already in an active session: a manual start is refused (409),
 * a fire alarm joins that session instead (`started: false`), so one session starts however many kiosks report.
 */
export async function startSession(tx: Db, opts: StartSession) {
  const { entityId } = opts;
  const siteIds = opts.sites.map((s) => s.id);
  await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK}, ${entityId})`);
  const busy = await tx
    .select({ sessionId: emergencySessionSites.sessionId, name: sites.name })
    .from(emergencySessionSites)
    .innerJoin(sites, eq(sites.id, emergencySessionSites.siteId))
    .where(and(eq(emergencySessionSites.entityId, entityId), inArray(emergencySessionSites.siteId, siteIds), eq(emergencySessionSites.active, true)));
  if (busy.length) {
    if (opts.by.method === 'fire_alarm') {
      const [existing] = await tx.select().from(emergencySessions).where(and(eq(emergencySessions.id, busy[0].sessionId), eq(emergencySessions.entityId, entityId)));
      return { session: existing, started: false };
    }
    const names = busy.map((b) => b.name).join(', ');
    throw new AppError(409, 'emergency.site_busy', { vars: { sites: names }, errors: { site_ids: ['emergency.site_busy'] } });
  }
  const names = opts.sites.map((s) => s.name).join(', ');
  const name =
    opts.name ??
    (opts.by.method === 'fire_alarm'
      ? translate(opts.lang, 'emergency.alarm_name', { site: names })
      : translate(opts.lang, opts.drill ? 'emergency.drill_name' : 'emergency.default_name', { sites: names })
    ).slice(0, 100);
  const [session] = await tx
    .insert(emergencySessions)
    .values({
      entityId,
      name,
      drill: !!opts.drill,
      startMethod: opts.by.method,
      startedBy: opts.by.userId,
      startedByName: opts.by.name,
      startedByEmail: opts.by.email,
      startKioskId: opts.by.kioskId ?? null,
    })
    .returning();
  await tx.insert(emergencySessionSites).values(siteIds.map((siteId) => ({ entityId, sessionId: session.id, siteId })));
  // Everyone on site now: one person once, at their latest open visit.
  await tx.execute(sql`
    insert into emergency_people (entity_id, session_id, user_id, site_id, area_id, visit_id, user_type_id, host_user_id)
    select distinct on (v.user_id) v.entity_id, ${session.id}, v.user_id, v.site_id, v.area_id, v.id, coalesce(u.user_type_id, v.user_type_id), v.host_user_id
    from visits v join users u on u.id = v.user_id
    where v.entity_id = ${entityId} and v.status = 'signed_in' and v.site_id in (${sql.join(siteIds.map((i) => sql`${i}`), sql`, `)})
    order by v.user_id, v.signed_in_at desc nulls last, v.id desc`);
  await tx.insert(emergencyEvents).values({
    entityId,
    sessionId: session.id,
    kind: 'started',
    actorUserId: opts.by.userId,
    actorName: opts.by.name,
    source: opts.by.method === 'fire_alarm' ? 'fire_alarm' : 'warden',
    detail: { sites: opts.sites.map((s) => s.name), drill: !!opts.drill },
  });
  const [fresh] = await tx
    .update(emergencySessions)
    .set({ allAccountedAt: sql`case when exists (select 1 from emergency_people p where p.session_id = ${session.id}) then null else ${emergencySessions.startedAt} end` })
    .where(eq(emergencySessions.id, session.id))
    .returning();
  return { session: fresh, started: true };
}
