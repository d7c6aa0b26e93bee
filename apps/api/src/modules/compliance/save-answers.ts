import { journeyStageOf } from '@gatehouse/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { complianceUsers, complianceVersions, compliances, journeyFlows, journeys, users, visits, scans } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { evaluateAnswers } from './evaluate-answers';
import { presentAnswer } from './present';

export interface AnswersInput {
  userId: number;
  compliances: { complianceId: number; answer: { question_id: string; answer: 'positive' | 'negative' }[] }[];
  notes?: string | null;
  maskFailed?: boolean;
  temperature?: number | null;
  scan: { visitId?: number | null; scanId?: number | null; areaId?: number | null; userTypeId?: number | null };
  source: 'console' | 'kiosk' | 'online';
  /** Why a presented certificate does not satisfy the entry condition (message key): the answer fails whatever the notes say. */
  certificateRefusal?: string | null;
}

/**
 * Stores a person's answers with the visit or scan they belong to, each with the entry condition's current
 * version, evaluated by rules 210-212; a visit's journey stage follows the outcome (rule 152). Every id must be the organisation's (404 otherwise); with a visit, only the
 * entry condition of its flow may be answered.
 */
export async function saveAnswers(tx: Db, entityId: number, input: AnswersInput) {
  const [user] = await tx.select({ id: users.id, userTypeId: users.userTypeId, first: users.firstName, last: users.lastName }).from(users).where(and(eq(users.id, input.userId), eq(users.entityId, entityId)));
  if (!user) throw notFound();
  let visit: typeof visits.$inferSelect | undefined;
  if (input.scan.visitId) {
    [visit] = await tx.select().from(visits).where(and(eq(visits.id, input.scan.visitId), eq(visits.entityId, entityId), eq(visits.userId, user.id)));
    if (!visit) throw notFound();
  }
  if (input.scan.scanId) {
    const [scan] = await tx.select({ id: scans.id }).from(scans).where(and(eq(scans.id, input.scan.scanId), eq(scans.entityId, entityId), eq(scans.userId, user.id)));
    if (!scan) throw notFound();
  }
  const ids = [...new Set(input.compliances.map((c) => c.complianceId))];
  const current = await tx
    .select({ c: compliances, v: complianceVersions })
    .from(compliances)
    .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
    .where(and(eq(compliances.entityId, entityId), inArray(compliances.id, ids), isNull(compliances.deletedAt)));
  if (current.length !== ids.length) throw notFound();
  let threshold: number | null = null;
  if (visit?.journeyFlowId) {
    const [flow] = await tx
      .select({ complianceId: journeyFlows.complianceId, threshold: journeys.temperatureThreshold })
      .from(journeyFlows)
      .innerJoin(journeys, eq(journeys.id, journeyFlows.journeyId))
      .where(and(eq(journeyFlows.id, visit.journeyFlowId), eq(journeyFlows.entityId, entityId)));
    if (flow && ids.some((id) => id !== flow.complianceId)) throw badRequest({ compliances: ['compliance.not_in_flow'] });
    threshold = flow?.threshold ?? null;
  }
  const saved = [];
  let reason: string | null = input.certificateRefusal ?? null;
  for (const item of input.compliances) {
    const { c, v } = current.find((r) => r.c.id === item.complianceId)!;
    const ev = evaluateAnswers(v.questions, item.answer, { notes: input.notes, maskFailed: input.maskFailed, temperature: input.temperature, threshold });
    reason ??= ev.reason;
    const [row] = await tx
      .insert(complianceUsers)
      .values({
        entityId,
        userId: user.id,
        complianceId: c.id,
        complianceVersionId: v.id,
        visitId: visit?.id ?? null,
        scanId: input.scan.scanId ?? null,
        areaId: input.scan.areaId ?? visit?.areaId ?? null,
        userTypeId: input.scan.userTypeId ?? visit?.userTypeId ?? user.userTypeId,
        answers: ev.answers,
        notes: input.notes ?? null,
        maskFailed: ev.maskFailed,
        temperature: input.temperature ?? null,
        temperatureFailed: ev.temperatureFailed,
        isWrong: ev.isWrong,
        status: input.certificateRefusal ? 'failed' : ev.status,
        source: input.source,
      })
      .returning();
    saved.push(presentAnswer(row, { compliance: v.name, version: v.version, user: `${user.first} ${user.last}` }));
  }
  const status = saved.every((s) => s.status === 'success') ? ('success' as const) : ('failed' as const);
  // Rule 152: the answered entry condition moves the visit on (ready to sign in, or awaiting approval) or marks it failed.
  if (visit) {
    const stage = journeyStageOf(visit.approvalState, status === 'success' ? 'passed' : 'failed');
    if (stage !== visit.journeyStage) await tx.update(visits).set({ journeyStage: stage, updatedAt: new Date() }).where(and(eq(visits.id, visit.id), eq(visits.entityId, entityId)));
  }
  return { data: saved, status, reason };
}

/** Answers presented with the person's name and the name and version each answered (oldest first, or newest first for lists). */
export async function loadAnswers(tx: Db, entityId: number, where: SQL | undefined, page?: { limit: number; offset: number; newestFirst?: boolean }) {
  const q = tx
    .select({ a: complianceUsers, name: complianceVersions.name, version: complianceVersions.version, first: users.firstName, last: users.lastName })
    .from(complianceUsers)
    .innerJoin(complianceVersions, eq(complianceVersions.id, complianceUsers.complianceVersionId))
    .innerJoin(users, eq(users.id, complianceUsers.userId))
    .where(and(eq(complianceUsers.entityId, entityId), where))
    .orderBy(...(page?.newestFirst ? [desc(complianceUsers.createdAt), desc(complianceUsers.id)] : [asc(complianceUsers.createdAt), asc(complianceUsers.id)]));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map((r) => presentAnswer(r.a, { compliance: r.name, version: r.version, user: `${r.first} ${r.last}` }));
}
