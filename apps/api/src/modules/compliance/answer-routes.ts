import { listOf, zAnswersBody, zAnswersSaved, zComplianceAnswer, zId, zListQuery, zPersonAnswers } from '@gatehouse/contract';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { areas, complianceUsers, journeyFlows, scans, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { complianceDueFor } from './compliance-due';
import { loadAnswers, saveAnswers } from './save-answers';
import { loadCompliances } from './save-compliance';
import { compliances } from '../../db/schema/index';

const tags = ['compliance'];
/** Answers are taken and read at the front desk (users) as well as by whoever manages entry conditions. */
const ANSWERS = ['compliances', 'users'] as const;

async function own(tx: Db, entityId: number, table: typeof users | typeof visits | typeof scans | typeof areas, id: number | undefined) {
  if (!id) return;
  const [row] = await tx.select({ id: table.id }).from(table).where(and(eq(table.id, id), eq(table.entityId, entityId)));
  if (!row) throw notFound();
}

export default defineRoutes((r) => {
  r.route({
    method: 'POST',
    url: '/api/create_compliance_user',
    summary: "Store a person's answers with their visit or scan, evaluated by rules 210-212 (payload of rule 214)",
    permission: [...ANSWERS],
    tags,
    body: zAnswersBody,
    status: 201,
    response: zAnswersSaved,
    handler: async ({ actor, body, tenant, audit, emit, t }) => {
      const res = await tenant(async (tx) => {
        await own(tx, actor.entityId, areas, body.scan.areaId ?? undefined);
        const saved = await saveAnswers(tx, actor.entityId, {
          userId: body.userId,
          compliances: body.compliances,
          notes: body.notes,
          maskFailed: body.mask_failed,
          temperature: body.temperature,
          scan: body.scan,
          source: 'console',
        });
        await audit(tx, 'create', 'compliance_answers', body.userId, { status: saved.status, ids: saved.data.map((d) => d.id) });
        return saved;
      });
      emit('entity', actor.entityId, 'update', { type: 'compliance_user', action: 'created', id: body.userId, status: res.status });
      return { message: t(res.reason ?? 'compliance.answers_saved'), status: res.status, data: res.data };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/get_compliance_user',
    summary: "A person's answers for a visit or area, and the entry condition of the visit's flow with whether it is due (rule 198)",
    permission: [...ANSWERS],
    tags,
    query: z.object({ user_id: zId, area_id: zId.optional(), visit_id: zId.optional(), entity_id: zId.optional() }),
    response: zPersonAnswers,
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        await own(tx, actor.entityId, users, query.user_id);
        await own(tx, actor.entityId, areas, query.area_id);
        const data = await loadAnswers(
          tx,
          actor.entityId,
          and(eq(complianceUsers.userId, query.user_id), query.visit_id ? eq(complianceUsers.visitId, query.visit_id) : undefined, query.area_id ? eq(complianceUsers.areaId, query.area_id) : undefined),
        );
        const required = [];
        if (query.visit_id) {
          const [visit] = await tx
            .select({ complianceId: journeyFlows.complianceId, frequency: journeyFlows.complianceFrequency })
            .from(visits)
            .leftJoin(journeyFlows, eq(journeyFlows.id, visits.journeyFlowId))
            .where(and(eq(visits.id, query.visit_id), eq(visits.entityId, actor.entityId), eq(visits.userId, query.user_id)));
          if (!visit) throw notFound();
          if (visit.complianceId) {
            const [c] = await loadCompliances(tx, actor.entityId, eq(compliances.id, visit.complianceId));
            if (c) {
              const due = await complianceDueFor(tx, actor.entityId, query.user_id, c.id, visit.frequency ?? 'everytime', c.pcr_valid_days);
              required.push({ id: c.id, name: c.name, version: c.version, frequency: visit.frequency ?? 'everytime', due: due.due ? (1 as const) : (0 as const), last_passed_at: due.lastPassedAt?.toISOString() ?? null });
            }
          }
        }
        return { data, count: data.length, required };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/get_compliance_user_details',
    summary: "A person's answers of one scan (or all their answers), with questions, answers, notes and checks",
    permission: [...ANSWERS],
    tags,
    query: z.object({ user_id: zId, scan_id: zId.optional(), entity_id: zId.optional() }),
    response: listOf(zComplianceAnswer),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        await own(tx, actor.entityId, users, query.user_id);
        await own(tx, actor.entityId, scans, query.scan_id);
        const data = await loadAnswers(tx, actor.entityId, and(eq(complianceUsers.userId, query.user_id), query.scan_id ? eq(complianceUsers.scanId, query.scan_id) : undefined));
        return { data, count: data.length };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/compliance_users',
    summary: 'Answers of the organisation, newest first, with paging (filterBy: search by person, user_id, compliance_id, visit_id, area_id, status)',
    permission: [...ANSWERS],
    tags,
    query: zListQuery,
    response: listOf(zComplianceAnswer),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const f = query.filterBy;
        const num = (k: string) => (f[k] !== undefined && /^\d+$/.test(String(f[k])) ? Number(f[k]) : undefined);
        const search = typeof f.search === 'string' && f.search.trim() ? `%${f.search.trim().replace(/[%_\\]/g, '\\$&')}%` : undefined;
        const byPerson = search
          ? inArray(
              complianceUsers.userId,
              tx
                .select({ id: users.id })
                .from(users)
                .where(and(eq(users.entityId, actor.entityId), or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search), ilike(users.email, search)))),
            )
          : undefined;
        const conds = and(
          byPerson,
          num('user_id') ? eq(complianceUsers.userId, num('user_id')!) : undefined,
          num('compliance_id') ? eq(complianceUsers.complianceId, num('compliance_id')!) : undefined,
          num('visit_id') ? eq(complianceUsers.visitId, num('visit_id')!) : undefined,
          num('area_id') ? eq(complianceUsers.areaId, num('area_id')!) : undefined,
          f.status === 'success' || f.status === 'failed' ? eq(complianceUsers.status, f.status) : undefined,
        );
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(complianceUsers).where(and(eq(complianceUsers.entityId, actor.entityId), conds));
        const data = await loadAnswers(tx, actor.entityId, conds, { limit: query.limit, offset: (query.page - 1) * query.limit, newestFirst: true });
        return { data, count: n };
      }),
  });
});
