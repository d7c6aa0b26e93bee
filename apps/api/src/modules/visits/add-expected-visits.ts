import type { z } from 'zod';
import { journeyStageOf, type zExpectedVisitBody } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { areas, journeyFlows, sites, userTypes, users, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { linkExpiry, linkHash, linkToken, newLinkNonce } from './visit-link';
import { assertNoDuplicateVisit, expectedInstant, findPeople } from './visit-rules';
import { normTime } from '../../platform/time-zone';
import { assertConsoleHost, type JourneyFlow } from './console-hosts';
import { flowForVisit } from './visit-flow';
import { assertVisitGrants } from './policy';

type Body = z.output<typeof zExpectedVisitBody>;

/**
 * The place, type, flow and host of an expected visit, all of the actor's organisation (404 otherwise); the host as
 * the flow's host settings say (checkHost: false when an edit keeps the place, type and host it had).
 */
export async function checkPlace(tx: Db, actor: MemberActor, b: { site_id: number; area_id: number; user_type_id: number; journey_flow_id?: number; host?: number | null }, checkHost = true) {
  const e = actor.entityId;
  const [area] = await tx
    .select({ id: areas.id, siteId: areas.siteId, timezone: sites.timezone })
    .from(areas)
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .where(and(eq(areas.id, b.area_id), eq(areas.entityId, e), eq(areas.siteId, b.site_id)));
  if (!area) throw notFound();
  const [type] = await tx.select({ id: userTypes.id, gracePeriod: userTypes.gracePeriod }).from(userTypes).where(and(eq(userTypes.id, b.user_type_id), eq(userTypes.entityId, e)));
  if (!type) throw notFound();
  let flow: JourneyFlow | null = null;
  if (b.journey_flow_id) {
    [flow] = await tx.select().from(journeyFlows).where(and(eq(journeyFlows.id, b.journey_flow_id), eq(journeyFlows.entityId, e)));
    if (!flow) throw notFound();
  } else flow = await flowForVisit(tx, e, area.id, type.id);
  if (checkHost) await assertConsoleHost(tx, e, flow, b.host ?? null);
  await assertVisitGrants(tx, actor, { siteId: area.siteId, userTypeId: type.id });
  return { ...area, flow, gracePeriod: type.gracePeriod };
}

/**
 * expected-visit-validate and expected-visit: every visitor is an existing person (`user_id`) or a new one whose
 * e-mail and phone are free (rule 171); none may already be expected then (rules 135-136); not in the past
 * (rule 139). Errors are keyed `visitors.{i}.{field}`.
 */
export async function checkExpectedVisitors(tx: Db, actor: MemberActor, b: Body) {
  const area = await checkPlace(tx, actor, b);
  const expectedAt = expectedInstant(b.visit_date, b.visit_time, area.timezone);
  const errors: Record<string, string[]> = {};
  const people: ({ id: number; lang: 'en' | 'ar' | 'es' } | null)[] = [];
  const seen = new Set<string>();
  for (const [i, v] of b.visitors.entries()) {
    const key = (f: string) => `visitors.${i}.${f}`;
    if (v.user_id) {
      const [u] = await tx.select({ id: users.id, lang: users.lang }).from(users).where(and(eq(users.id, v.user_id), eq(users.entityId, actor.entityId)));
      if (!u) throw notFound();
      people.push(u);
      if (seen.has(`u${u.id}`)) errors[key('user_id')] = ['visits.visit_exists'];
      seen.add(`u${u.id}`);
    } else {
      if (!v.first_name) errors[key('first_name')] = ['validation.required'];
      if (!v.last_name) errors[key('last_name')] = ['validation.required'];
      if (!v.email && !v.phone) errors[key('email')] = ['validation.required'];
      const taken = await findPeople(tx, actor.entityId, { email: v.email, phone: v.phone });
      for (const t of taken) {
        if (v.email && t.email?.toLowerCase() === v.email) errors[key('email')] = ['visits.email_used'];
        if (v.phone && t.phone === v.phone) errors[key('phone')] = ['visits.phone_used'];
      }
      for (const f of ['email', 'phone'] as const) {
        if (v[f] && seen.has(`${f}:${v[f]}`)) errors[key(f)] = [f === 'email' ? 'visits.email_used' : 'visits.phone_used'];
        if (v[f]) seen.add(`${f}:${v[f]}`);
      }
      people.push(null);
    }
  }
  if (Object.keys(errors).length) {
    const dupOnly = Object.values(errors).every((m) => m.every((k) => k !== 'validation.required'));
    throw dupOnly ? conflict('visits.email_used', errors) : badRequest(errors);
  }
  for (const [i, p] of people.entries()) {
    if (!p) continue;
    try {
      await assertNoDuplicateVisit(tx, actor.entityId, { userIds: [p.id], areaId: b.area_id, date: b.visit_date, time: b.visit_time });
    } catch {
      throw conflict('error_date', { [`visitors.${i}.user_id`]: ['visits.visit_exists'] });
    }
  }
  return { area, expectedAt, people };
}

/**
 * Creates the people that are new and one visit each (pre-registered by admin: no approval, rule 156), on the
 * flow of the area's journey for the user type; its entry condition is then pending (rule 152).
 */
export async function addExpectedVisits(tx: Db, actor: MemberActor, b: Body, secret: string) {
  const { area, expectedAt, people } = await checkExpectedVisitors(tx, actor, b);
  const ids: number[] = [];
  for (const [i, v] of b.visitors.entries()) {
    let person = people[i];
    if (!person) {
      const [u] = await tx
        .insert(users)
        .values({ entityId: actor.entityId, userTypeId: b.user_type_id, firstName: v.first_name!, lastName: v.last_name!, email: v.email ?? null, phone: v.phone ?? null, companyName: v.company_name ?? null, lang: v.lang ?? actor.lang })
        .returning({ id: users.id, lang: users.lang });
      person = u;
    }
    const nonce = newLinkNonce();
    const [row] = await tx
      .insert(visits)
      .values({
        entityId: actor.entityId,
        userId: person.id,
        siteId: area.siteId,
        areaId: area.id,
        userTypeId: b.user_type_id,
        journeyFlowId: area.flow?.id ?? null,
        hostUserId: b.host ?? null,
        expectedAt,
        visitDate: b.visit_date,
        visitTime: normTime(b.visit_time),
        registrationMethod: 'by_admin',
        journeyStage: journeyStageOf('not_required', area.flow?.complianceId ? 'pending' : 'none'),
        approvalState: 'not_required',
        linkNonce: nonce,
        linkTokenHash: `pending-${nonce}`,
        linkExpiresAt: linkExpiry(expectedAt, area.gracePeriod),
        companyName: v.company_name ?? null,
        lang: v.lang ?? person.lang,
        createdBy: actor.userId,
      })
      .returning({ id: visits.id });
    await tx.update(visits).set({ linkTokenHash: linkHash(linkToken(secret, row.id, nonce)) }).where(eq(visits.id, row.id));
    ids.push(row.id);
  }
  return ids;
}
