import { one, zExpectedVisitRow, zExpectedVisitSaved, zLang, zMessage, zVisitActionBody } from '@gatehouse/contract';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { visits } from '../../db/schema/index';
import { linkData } from '../../platform/auth/link-caller';
import { notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { visitAccessChanged } from '../integrations';
import { APPROVAL_LINK } from './link-kinds';
import { announceDecision, decideVisit, type ApprovalAction } from './approval';
import { expectedVisitRows } from './list-expected-visits';
import { assertVisitGrants } from './policy';
import { loadExpectedVisits } from './present';

const tags = ['visits'];
const permission = 'users' as const;

/**
 * Rule 155's four approval actions from the console, and the host's single-use approval link from the mail. Each
 * decision mails the visitor the outcome; a rejected visit's links stop working.
 */
export default defineRoutes((r, services) => {

  const actions: [string, ApprovalAction, string][] = [
    ['/api/approve-visit', 'approve', 'Approve a visit awaiting approval (rule 155)'],
    ['/api/reject-visit', 'reject', 'Reject a visit awaiting approval (rule 155); its links stop working'],
    ['/api/approve-rejected-visit', 'approve_rejected', 'Approve a previously rejected visit (rule 155)'],
    ['/api/reject-approved-visit', 'reject_approved', 'Reject a previously approved visit (rule 155)'],
  ];
  for (const [url, action, summary] of actions) {
    r.route({
      method: 'POST',
      url,
      summary,
      permission,
      tags,
      body: zVisitActionBody,
      response: zExpectedVisitSaved,
      handler: async ({ actor, body, tenant, audit, emit, t }) => {
        const { decided, data } = await tenant(async (tx) => {
          const [v] = await tx.select().from(visits).where(and(eq(visits.id, body.visit_id), eq(visits.entityId, actor.entityId), ne(visits.status, 'deleted')));
          if (!v) throw notFound();
          await assertVisitGrants(tx, actor, v);
          const d = await decideVisit(tx, actor.entityId, v.id, action);
          await visitAccessChanged(services, tx, actor.entityId, v.id);
          await audit(tx, action, 'visit', v.id);
          return { decided: d!, data: (await loadExpectedVisits(tx, actor.entityId, [v.id]))[0] };
        });
        await announceDecision(services, decided);
        emit('entity', actor.entityId, 'update', { type: 'visit', action, id: data.id });
        return { message: t(decided.approvalState === 'approved' ? 'visits.approved' : 'visits.rejected'), data };
      },
    });
  }

  const zToken = z.object({ lang: zLang, token: z.string().regex(/^[A-Za-z0-9_-]{30,100}$/) });
  /** The host's approval link, resolved before the handler (404 unknown, used or expired). */
  const link = { kinds: [APPROVAL_LINK], in: 'params', name: 'token' } as const;
  r.route({
    method: 'GET',
    url: '/api/visit-approval/{lang}/{token}',
    summary: "The visit behind a host's approval link from the approval mail, with the names of its place, type and host (does not spend it)",
    access: 'link',
    link,
    tags,
    params: zToken,
    response: one(zExpectedVisitRow),
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ link: l, tenant }) => {
      const v = linkData(l, APPROVAL_LINK)!;
      const [row] = await tenant((tx) => expectedVisitRows(tx, and(eq(visits.id, v.id), eq(visits.entityId, v.entityId)), { order: [], limit: 1, offset: 0 }));
      return { data: row };
    },
  });
  r.route({
    method: 'POST',
    url: '/api/visit-approval/{lang}/{token}',
    summary: "Approve or reject from the host's mail: a single-use link (rule 155)",
    access: 'link',
    link,
    tags,
    params: zToken,
    body: z.object({ action: z.enum(['approve', 'reject']) }),
    response: zMessage,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ link: l, tenant, body, t }) => {
      const v = linkData(l, APPROVAL_LINK)!;
      const decided = await tenant(async (tx) => {
        const d = await decideVisit(tx, v.entityId, v.id, body.action);
        if (d) await visitAccessChanged(services, tx, v.entityId, v.id);
        return d;
      });
      if (!decided) throw notFound('visits.approval_link_invalid');
      await announceDecision(services, decided);
      return { message: t(body.action === 'approve' ? 'visits.approved' : 'visits.rejected') };
    },
  });

});
