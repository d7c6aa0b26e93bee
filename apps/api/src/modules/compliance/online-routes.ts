import { flag, type Language, localized, zOnlineAnswersBody, zOnlineAnswersSaved, zOnlineCompliance } from '@gatehouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { complianceLinks, complianceVersions, compliances, entities, journeyFlows, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { defineRoutes } from '../../platform/http/route';
import { linkData } from '../../platform/auth/link-caller';
import { linkState } from './compliance-link';
import { ONLINE_COMPLIANCE_LINK } from './link-kinds';
import { certificateRefusal, checkCertificate, linkCertificateAnswer } from './certificates/store-certificate';
import { saveAnswers } from './save-answers';
import { visits } from '../../db/schema/index';

const tags = ['compliance'];
const RATE = { max: 30, timeWindow: 60_000 };

/** The visit, person, organisation and entry condition behind a link, read inside the link's own organisation. */
async function linkContext(tx: Db, entityId: number, visitId: number) {
  const [row] = await tx
    .select({ visit: visits, first: users.firstName, last: users.lastName, lang: users.lang, org: entities.name, logo: entities.logo, complianceId: journeyFlows.complianceId })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .innerJoin(entities, eq(entities.id, visits.entityId))
    .leftJoin(journeyFlows, eq(journeyFlows.id, visits.journeyFlowId))
    .where(and(eq(visits.id, visitId), eq(visits.entityId, entityId)));
  if (!row) throw notFound();
  const [c] = row.complianceId
    ? await tx
        .select({ id: compliances.id, v: complianceVersions })
        .from(compliances)
        .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
        .where(and(eq(compliances.id, row.complianceId), eq(compliances.entityId, entityId), isNull(compliances.deletedAt)))
    : [];
  return { ...row, compliance: c ?? null };
}

export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/get_online_compliance_user',
    summary: 'Public: the entry conditions behind a compliance link, or why the link has expired (rules 144-148)',
    access: 'link',
    link: { kinds: [ONLINE_COMPLIANCE_LINK], in: 'query', name: 'visitCode', state: 'any' },
    tags,
    query: z.object({ visitCode: z.string().min(20).max(200) }),
    rateLimit: RATE,
    response: zOnlineCompliance,
    handler: async ({ link: l, tenant, lang }) => {
      const link = linkData(l, ONLINE_COMPLIANCE_LINK)!;
      return tenant(async (tx) => {
        const ctx = await linkContext(tx, link.entityId, link.visitId);
        const state = linkState(link, ctx.visit);
        const l: Language = ctx.lang ?? lang;
        return {
          data: {
            is_expired: flag(!state.ok),
            reason: state.ok ? null : state.reason,
            message: state.ok ? null : translate(l, state.message),
            visitId: ctx.visit.id,
            expectedDateTime: ctx.visit.expectedAt?.toISOString() ?? null,
            user: { first_name: ctx.first, last_name: ctx.last },
            entity: { name: ctx.org, logo: ctx.logo },
            // Desired answers stay on the server: the visitor sees the questions only.
            compliances:
              state.ok && ctx.compliance
                ? [
                    {
                      id: ctx.compliance.id,
                      name: localized(ctx.compliance.v.name, ctx.compliance.v.nameI18n, l),
                      version: ctx.compliance.v.version,
                      questions: ctx.compliance.v.questions.map((q) => ({ id: q.id, question: localized(q.question, q.question_i18n, l) })),
                      agreement_text: localized(ctx.compliance.v.agreementText, ctx.compliance.v.agreementTextI18n, l),
                      statement: localized(ctx.compliance.v.statement, ctx.compliance.v.statementI18n, l),
                      protocols: ctx.compliance.v.protocols,
                      accept_negative_pcr: flag(ctx.compliance.v.acceptNegativePcr),
                      pcr_valid_days: ctx.compliance.v.pcrValidDays,
                    },
                  ]
                : [],
          },
        };
      });
    },
  });

  r.route({
    method: 'POST',
    url: '/api/create_online_compliance_user',
    summary:
      "Public: a visitor's answers from a compliance link, with the QR text of a certificate if they present one (checked against the organisation's trust list and the entry condition's protocols, negative-PCR acceptance and PCR valid days, and stored as their document); a passed answer uses the link up (rules 144-148, 205-211)",
    access: 'link',
    link: { kinds: [ONLINE_COMPLIANCE_LINK], in: 'body', name: 'visitCode', state: 'any' },
    tags,
    body: zOnlineAnswersBody,
    rateLimit: RATE,
    status: 201,
    response: zOnlineAnswersSaved,
    handler: async ({ link: l, tenant, body, lang }) => {
      const link = linkData(l, ONLINE_COMPLIANCE_LINK)!;
      return tenant(async (tx) => {
        // Lock the link so two submissions cannot both use it.
        const [locked] = await tx.select().from(complianceLinks).where(and(eq(complianceLinks.id, link.id), eq(complianceLinks.entityId, link.entityId))).for('update');
        const ctx = await linkContext(tx, link.entityId, link.visitId);
        const state = linkState(locked, ctx.visit);
        const l: Language = ctx.lang ?? lang;
        if (!state.ok) throw new AppError(400, translate(l, state.message), { code: state.reason });
        if (!ctx.compliance || body.compliances.some((c) => c.complianceId !== ctx.compliance!.id)) throw new AppError(400, 'compliance.not_in_flow', { errors: { compliances: ['compliance.not_in_flow'] } });
        const v = ctx.compliance.v;
        const policy = { complianceId: ctx.compliance.id, protocols: v.protocols, acceptNegativePcr: v.acceptNegativePcr, pcrValidDays: v.pcrValidDays };
        const checked = body.certificate
          ? await checkCertificate(tx, link.entityId, {
              userId: link.userId,
              payload: body.certificate,
              policy,
              actorUserId: null,
              source: 'online',
              visitId: link.visitId,
              field: 'certificate',
            })
          : null;
        const refusal = checked ? certificateRefusal(checked.result, policy) : null;
        const saved = await saveAnswers(tx, link.entityId, {
          userId: link.userId,
          compliances: body.compliances,
          notes: body.notes,
          scan: { visitId: link.visitId },
          source: 'online',
          certificateRefusal: refusal,
        });
        if (checked) await linkCertificateAnswer(tx, link.entityId, checked.row.id, saved.data[0].id, refusal);
        if (saved.status === 'success') await tx.update(complianceLinks).set({ usedAt: sql`now()` }).where(and(eq(complianceLinks.id, link.id), eq(complianceLinks.entityId, link.entityId)));
        return {
          message: translate(l, saved.reason ?? 'compliance.answers_saved'),
          data: {
            status: saved.status,
            isWrong: flag(saved.data.some((d) => d.isWrong === 1)),
            reason: saved.reason ? translate(l, saved.reason) : null,
            certificate: checked
              ? {
                  protocol: checked.row.protocol,
                  type: checked.row.type,
                  status: checked.row.status,
                  verified: flag(checked.row.verified),
                  accepted: flag(!refusal),
                  message: translate(l, refusal ?? 'compliance.certificate_accepted'),
                  date_taken: checked.row.dateTaken,
                  expiry_date: checked.row.expiryDate,
                }
              : null,
          },
        };
      });
    },
  });
});
