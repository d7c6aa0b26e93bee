import { flag, zCheckinUsersBody, zCheckinUsersResult, zSignInOutBody, zSignInOutResult, type InputMethod, type SignInOutBody } from '@gatehouse/contract';
import { AppError } from '../../platform/errors';
import type { Ctx } from '../../platform/http/route';
import { defineRoutes } from '../../platform/http/route';
import { afterSignIn } from './after-sign-in';
import { registerAutoSignOut } from './auto-sign-out';
import { refusalMessage } from './refusal';
import { signInOut, signInOutOnce } from './sign-in-out';

const tags = ['signin'];

export default defineRoutes((r, services) => {
  registerAutoSignOut(services);

  const one = (method: InputMethod) => async (ctx: Ctx<'tenant', undefined, undefined, typeof zSignInOutBody>) => {
    const { actor, body, tenant, emit, t } = ctx;
    const result = await signInOutOnce(tenant, { outbox: services, actor, body, method: body.input_method ?? method });
    await afterSignIn(services, emit, actor.entityId, result);
    return {
      data: { action: result.action, scan: result.scan, visit_id: result.visitId, visit_status: result.visitStatus, replayed: flag(result.replayed) },
      message: t(result.action === 'in' ? 'signin.signed_in' : 'signin.signed_out', { name: result.scan.full_name }),
    };
  };

  r.route({
    method: 'POST',
    url: '/api/user_action',
    summary: 'Sign one person in or out from the console (the one sign-in use case)',
    tags,
    permission: 'dashboard',
    body: zSignInOutBody,
    response: zSignInOutResult,
    handler: one('console'),
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk/scan',
    summary: 'A kiosk signs a person in or out (QR, RFID, name or face); the same idempotency key twice records one scan',
    tags,
    permission: 'dashboard',
    body: zSignInOutBody,
    response: zSignInOutResult,
    handler: one('name'),
  });

  r.route({
    method: 'POST',
    url: '/api/checkin_users',
    summary: 'Sign several people in (or out) at an area; the ones that cannot be are listed in `errors` (rule 160)',
    tags,
    permission: 'dashboard',
    body: zCheckinUsersBody,
    response: zCheckinUsersResult,
    handler: async ({ actor, body, tenant, emit, t, lang }) => {
      const data: { user_id: number; action: 'in' | 'out'; scan_id: number }[] = [];
      const errors: Record<string, string> = {};
      for (const userId of [...new Set(body.users)]) {
        const one: SignInOutBody = { area_id: body.area_id, user_id: userId, action: body.action, notes: body.notes ?? null };
        try {
          const result = await tenant((tx) => signInOut(tx, { outbox: services, actor, body: one, method: 'console', endsTransaction: true }));
          await afterSignIn(services, emit, actor.entityId, result);
          data.push({ user_id: userId, action: result.action, scan_id: result.scan.id });
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          if (err.status === 404 && err.message === 'signin.area_not_found') throw err;
          errors[String(userId)] = refusalMessage(lang, err);
        }
      }
      return { data, errors, message: t('signin.checked_in', { count: data.length }) };
    },
  });
});

