import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor, MemberActor } from '../../platform/auth/actor';
import { journeyFlows, journeys, userTypes, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { authorize } from '../../platform/http/route';
import { hostStep } from './flow-rules';
import { hostCondition, isHost, searchHosts } from './hosts';
import { flowOfJourney } from './visit-flow';

export type JourneyFlow = typeof journeyFlows.$inferSelect;

/** The console form names a journey by its id where the public form gives a link code (zLinkCode's message). */
export const zLinkCodeOrJourneyId = z.string().regex(/^(\d{1,10}|[A-Za-z0-9_-]{20,100})$/, 'prereg.not_available');
export const isJourneyId = (v: string) => /^\d{1,10}$/.test(v);

/** The console form's calls are a member's, with the expected visits' permission (users), as the form's other calls. */
export function consoleMember(actor: Actor | null): MemberActor {
  authorize({ access: 'tenant', permission: 'users' } as never, actor);
  return actor as MemberActor;
}

/**
 * The host rule of an expected visit (rules 194, 197, 203): its flow's host step and host user types, as on the
 * public form. Without a flow, an optional host among the console users (the earlier console rule).
 */
export function consoleHostRule(flow: JourneyFlow | null) {
  if (!flow) return { asked: true, optional: true, hosts: { hostUserTypeIds: [] as number[] } };
  return { ...hostStep(flow), hosts: flow };
}

/** 400 when the host is not one the flow allows, or is missing where the flow requires one. */
export async function assertConsoleHost(tx: Db, entityId: number, flow: JourneyFlow | null, host: number | null) {
  const rule = consoleHostRule(flow);
  if (host) {
    if (!rule.asked || !(await isHost(tx, entityId, rule.hosts, host))) throw badRequest({ host: ['prereg.host_invalid'] }, 'prereg.host_invalid');
  } else if (!rule.optional) throw badRequest({ host: ['prereg.host_required'] }, 'prereg.host_required');
}

/** The flow of a console visit on the organisation's journey for the user type (404 for another organisation's). */
export async function consoleFlow(tx: Db, entityId: number, journeyId: number, userTypeId: number) {
  const [journey] = await tx.select({ id: journeys.id }).from(journeys).where(and(eq(journeys.id, journeyId), eq(journeys.entityId, entityId)));
  const [type] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.id, userTypeId), eq(userTypes.entityId, entityId)));
  if (!journey || !type) throw notFound();
  return flowOfJourney(tx, entityId, journeyId, userTypeId);
}

/** The console form's host settings, in the public form's shape (zHostSettings). */
export async function consoleHostSettings(tx: Db, entityId: number, journeyId: number, userTypeId: number, t: (k: string) => string) {
  const rule = consoleHostRule(await consoleFlow(tx, entityId, journeyId, userTypeId));
  const [any] = rule.asked ? await tx.select({ id: users.id }).from(users).where(hostCondition(entityId, rule.hosts)).limit(1) : [];
  const note = !rule.asked ? 'journeys.hosts_none' : rule.optional ? 'journeys.hosts_optional' : 'journeys.hosts_required';
  return { allowNotSelectHost: (rule.optional ? 1 : 0) as 0 | 1, hostUserTypesExist: (any ? 1 : 0) as 0 | 1, note: t(note) };
}

/** The console form's host search: the hosts the flow allows whose names contain the search. */
export async function consoleHostSearch(tx: Db, entityId: number, journeyId: number, userTypeId: number, search: string) {
  const rule = consoleHostRule(await consoleFlow(tx, entityId, journeyId, userTypeId));
  return rule.asked ? searchHosts(tx, entityId, rule.hosts, search) : [];
}
