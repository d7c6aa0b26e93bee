import { zMassApplyBody, zMassApplyResult, zMassData, zMassDataBody, zMassErrors, zMassErrorsBody } from '@gatehouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { massActionErrors, users } from '../../db/schema/index';
import { defineRoutes } from '../../platform/http/route';
import { afterSignIn } from '../signin';
import { applyMassSignin } from './apply-signin';
import { massData } from './mass-data';

const tags = ['mass-actions'];
const permission = 'dashboard' as const;

export default defineRoutes((r, services) => {
  r.route({
    method: 'POST',
    url: '/api/mass-action-signin',
    summary: "A site's people for mass sign-in/out: the 'All' row, state, reasons, checks, host and compliance (rules 220-225)",
    tags,
    permission,
    body: zMassDataBody,
    response: zMassData,
    handler: ({ actor, body, tenant, lang }) => tenant((tx) => massData(tx, actor, lang, body)),
  });

  r.route({
    method: 'POST',
    url: '/api/mass-action-apply-signin',
    summary: 'Sign in or sign out (action) each chosen person (or all); without action each flips (rule 220); people outside access or already in that state are skipped with an explanation (rule 226)',
    tags,
    permission,
    body: zMassApplyBody,
    response: zMassApplyResult,
    handler: async ({ actor, body, tenant, lang, emit, t }) => {
      const data = await applyMassSignin(tenant, actor, lang, body, (result) => afterSignIn(services, emit, actor.entityId, result), services);
      return { data, message: t('mass.applied', { applied: data.applied.length, skipped: data.skipped.length }) };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/mass-action-signin/errors',
    summary: 'The people mass sign-in/out skipped, with why (one batch, or the latest 100)',
    tags,
    permission,
    body: zMassErrorsBody,
    response: zMassErrors,
    handler: ({ actor, body, tenant }) =>
      tenant(async (tx) => {
        const conds = [eq(massActionErrors.entityId, actor.entityId)];
        if (body.batch_id) conds.push(eq(massActionErrors.batchId, body.batch_id));
        const rows = await tx
          .select({ batchId: massActionErrors.batchId, userId: massActionErrors.userId, firstName: users.firstName, lastName: users.lastName, message: massActionErrors.message, at: massActionErrors.createdAt })
          .from(massActionErrors)
          .innerJoin(users, eq(users.id, massActionErrors.userId))
          .where(and(...conds))
          .orderBy(desc(massActionErrors.createdAt), desc(massActionErrors.id))
          .limit(100);
        const data = rows.map((e) => ({ batch_id: e.batchId, user_id: e.userId, full_name: `${e.firstName} ${e.lastName}`.trim(), message: e.message, at: e.at.toISOString() }));
        return { data, count: data.length };
      }),
  });
});
