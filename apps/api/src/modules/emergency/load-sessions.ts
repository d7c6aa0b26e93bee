import type { EmergencyCounts } from '@gatehouse/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { emergencyPeople, emergencySessionSites, emergencySessions, sites } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { type EmergencyScope, peopleVisible, sessionVisible } from './scope';
import { NO_COUNTS, presentSession } from './present';

/** Counts per session of the people the member may see (rule 260: the data comes with a count). */
export async function countsOf(tx: Db, entityId: number, scope: EmergencyScope, sessionIds: number[]) {
  const out = new Map<number, EmergencyCounts>();
  if (!sessionIds.length) return out;
  const rows = await tx
    .select({
      sessionId: emergencyPeople.sessionId,
      total: sql<number>`count(*)::int`,
      on_site: sql<number>`count(*) filter (where ${emergencyPeople.presence} = 'on_site')::int`,
      left: sql<number>`count(*) filter (where ${emergencyPeople.presence} = 'left')::int`,
      unaccounted: sql<number>`count(*) filter (where ${emergencyPeople.presence} = 'on_site' and ${emergencyPeople.status} = 'unaccounted')::int`,
      safe: sql<number>`count(*) filter (where ${emergencyPeople.status} = 'safe')::int`,
      needs_help: sql<number>`count(*) filter (where ${emergencyPeople.status} = 'needs_help')::int`,
      not_on_site: sql<number>`count(*) filter (where ${emergencyPeople.status} = 'not_on_site')::int`,
    })
    .from(emergencyPeople)
    .where(and(eq(emergencyPeople.entityId, entityId), inArray(emergencyPeople.sessionId, sessionIds), peopleVisible(scope)))
    .groupBy(emergencyPeople.sessionId);
  for (const r of rows) {
    const { sessionId, ...counts } = r;
    out.set(sessionId, counts);
  }
  return out;
}

/** Sessions the member may see, newest first, with their sites and counts. */
export async function loadSessions(tx: Db, entityId: number, scope: EmergencyScope, opts: { where?: SQL; limit?: number; offset?: number } = {}) {
  const base = and(eq(emergencySessions.entityId, entityId), sessionVisible(scope), opts.where);
  const [rows, [{ count }]] = await Promise.all([
    tx
      .select()
      .from(emergencySessions)
      .where(base)
      .orderBy(desc(emergencySessions.startedAt), desc(emergencySessions.id))
      .limit(opts.limit ?? 100)
      .offset(opts.offset ?? 0),
    tx.select({ count: sql<number>`count(*)::int` }).from(emergencySessions).where(base),
  ]);
  const ids = rows.map((r) => r.id);
  const [siteRows, counts] = await Promise.all([
    ids.length
      ? tx
          .select({ sessionId: emergencySessionSites.sessionId, id: sites.id, name: sites.name })
          .from(emergencySessionSites)
          .innerJoin(sites, eq(sites.id, emergencySessionSites.siteId))
          .where(and(eq(emergencySessionSites.entityId, entityId), inArray(emergencySessionSites.sessionId, ids)))
          .orderBy(sites.name)
      : Promise.resolve([]),
    countsOf(tx, entityId, scope, ids),
  ]);
  const data = rows.map((s) =>
    presentSession(
      s,
      siteRows.filter((x) => x.sessionId === s.id).map(({ id, name }) => ({ id, name })),
      counts.get(s.id) ?? NO_COUNTS,
    ),
  );
  return { data, count };
}
