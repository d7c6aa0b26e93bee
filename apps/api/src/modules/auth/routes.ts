import { one, zAccessToken, zClientSecret, zForgotPasswordBody, zLoginBody, zMessage, zOtpCode, zRegisterBody, zResetPasswordBody, zSession, zUserDetails, zUserRole } from '@gatehouse/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accounts, sessions } from '../../db/schema/index';
import { resolveActor } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/passwords';
import { issueSession, revokeSession } from '../../platform/auth/sessions';
import { FailureThrottle } from '../../platform/auth/throttle';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { checkCredentials, checkTwoStep, login, LOGIN_FAILURES, pickEntity } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { presentSession, presentUser } from './present-session';
import { registerAccount } from './register-account';
import { sendRegistrationMail } from './registration-mail';

/**
 * Password guessing and reset mails are limited per e-mail address, whatever the caller's address: many people
 * share one address (a school behind one gateway) and one person can use many, so an address in the key would
 * both block innocents and let a guesser rotate. The same limit applies whether or not the account exists.
 */
const byEmail = (req: FastifyRequest) => `email|${String((req.body as { email?: string })?.email ?? '').trim().toLowerCase()}`;

export default defineRoutes((r, services) => {
  const db = services.database.db;
  const loginFailures = new FailureThrottle({ name: 'login', ...LOGIN_FAILURES, redisUrl: services.config.redisUrl });
  r.onClose(() => loginFailures.close());

  r.route({
    method: 'POST',
    url: '/api/register',
    summary: 'Sign up for a passport account. Answers the same whether or not the e-mail is taken.',
    access: 'public',
    tags: ['auth'],
    body: zRegisterBody,
    response: zMessage,
    status: 201,
    rateLimit: { max: 20, timeWindow: 10 * 60_000 },
    handler: async ({ body, lang, t }) => {
      const created = await registerAccount(db, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        password: body.password,
        lang: body.lang ?? lang,
      });
      if (!created) await hashPassword(body.password); // same work either way
      await sendRegistrationMail(services, body.email, body.lang ?? lang, !!created);
      return { message: t('auth.registered') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/login',
    summary: 'Log in with e-mail, password and, when enabled, the two-step code',
    access: 'public',
    tags: ['auth'],
    body: zLoginBody,
    response: one(zSession),
    // Failed attempts are limited per address in login() (10 per 5 minutes); this cap only stops floods of
    // requests for one address, successful or not.
    rateLimit: { max: 60, timeWindow: 5 * 60_000, key: byEmail },
    handler: async ({ body }) => ({ data: await login(db, body, loginFailures) }),
  });

  r.route({
    method: 'GET',
    url: '/api/logout',
    summary: 'Log out: revokes the token',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['auth'],
    response: zMessage,
    handler: async ({ actor, t }) => {
      await revokeSession(db, actor.sessionId);
      services.realtime.endSessions({ sessionId: actor.sessionId });
      return { message: t('auth.logged_out') };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/user_details',
    summary: 'The signed-in user',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['auth'],
    response: one(zUserDetails),
    handler: async ({ actor }) => ({ data: presentUser(actor) }),
  });

  r.route({
    method: 'GET',
    url: '/api/user-role',
    summary: "The signed-in user's role in the current organisation, with its permission map",
    access: 'account',
    allowWithoutOtp: true,
    tags: ['auth'],
    response: zUserRole,
    handler: async ({ actor }) => ({
      data: actor.roleId ? { id: actor.roleId, name: actor.roleName ?? '', key: actor.roleKey ?? '', permissions: actor.permissions } : null,
    }),
  });

  r.route({
    method: 'POST',
    url: '/api/forgot-password',
    summary: 'Send a password reset link (valid one hour). Answers the same whether or not the account exists.',
    access: 'public',
    tags: ['auth'],
    body: zForgotPasswordBody,
    response: zMessage,
    rateLimit: { max: 5, timeWindow: 15 * 60_000, key: byEmail },
    handler: async ({ body, lang, t }) => {
      await requestPasswordReset(services, body.email, body.lang ?? lang);
      return { message: t('auth.reset_sent') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/reset-password',
    summary: 'Choose a new password with a reset link token; logs out every session',
    access: 'public',
    tags: ['auth'],
    body: zResetPasswordBody,
    response: zMessage,
    rateLimit: { max: 10, timeWindow: 15 * 60_000 },
    handler: async ({ body, t }) => {
      const accountId = await resetPassword(db, body.token, body.password);
      services.realtime.endSessions({ accountId });
      return { message: t('auth.password_changed') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/passport_auth',
    summary: 'Exchange a passport token for a console session in one of its organisations',
    access: 'public',
    tags: ['auth'],
    body: z.object({ token: z.string().min(10).max(200), entity_id: z.coerce.number().int().positive().optional() }),
    response: one(zSession),
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body }) => {
      const passport = await resolveActor(db, body.token);
      if (!passport || passport.sessionKind !== 'passport') throw unauthenticated();
      const entityId = await pickEntity(db, passport.accountId, body.entity_id);
      const { token, expiresAt } = await issueSession(db, passport.accountId, entityId, 'console');
      return { data: presentSession((await resolveActor(db, token))!, token, expiresAt) };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/get-client-secret',
    summary: 'Create API client credentials for the account (the secret is shown once): the password, and the two-step code when it is on',
    access: 'public',
    tags: ['auth'],
    body: z.object({ email: z.string().trim().toLowerCase().min(1).max(254), password: z.string().min(1).max(200), otp: zOtpCode.optional() }),
    response: zClientSecret,
    rateLimit: { max: 10, timeWindow: 5 * 60_000, key: byEmail },
    handler: async ({ body }) => {
      // The same check and the same failure count as the login (issue 16 parts 2 and 5).
      const account = await checkCredentials(db, body, loginFailures);
      if (!account.isActive) throw forbidden('auth.passport_inactive');
      const clientId = account.clientId ?? `gh_${newToken(12).token}`;
      const secret = newToken();
      await db.update(accounts).set({ clientId, clientSecretHash: secret.hash, updatedAt: sql`now()` }).where(eq(accounts.id, account.id));
      return { data: { client_id: clientId, client_secret: secret.token } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/access-token',
    summary: 'Exchange client credentials (and the two-step code when it is on) for a 24-hour API access token (rule 88)',
    access: 'public',
    tags: ['auth'],
    body: z.object({
      client_id: z.string().min(1).max(100),
      client_secret: z.string().min(1).max(200),
      otp: zOtpCode.optional(),
      entity_id: z.coerce.number().int().positive().optional(),
    }),
    response: zAccessToken,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body }) => {
      const [account] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, body.client_id), eq(accounts.clientSecretHash, hashToken(body.client_secret))))
        .limit(1);
      if (!account || !account.isActive) throw new AppError(401, 'auth.client_invalid');
      // Two-step holds here too: a code guessed here counts against the account's address like a login's.
      if (account.otpEnabled) {
        if (!(await loginFailures.attempt(account.email))) throw new AppError(429, 'errors.too_many');
        await checkTwoStep(db, account, body.otp);
        await loginFailures.clear(account.email);
      }
      const entityId = await pickEntity(db, account.id, body.entity_id);
      const { token, expiresAt } = await issueSession(db, account.id, entityId, 'api');
      return { data: { access_token: token, token_type: 'Bearer' as const, expires_in: Math.round((expiresAt.getTime() - Date.now()) / 1000), entity_id: entityId } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/switch-entity',
    summary: 'Move the current session to another organisation the account belongs to',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['auth'],
    body: z.object({ entity_id: z.coerce.number().int().positive() }),
    response: one(zSession),
    handler: async ({ actor, body, req }) => {
      await pickEntity(db, actor.accountId, body.entity_id);
      await db.update(sessions).set({ entityId: body.entity_id }).where(and(eq(sessions.id, actor.sessionId), gt(sessions.expiresAt, sql`now()`)));
      const token = req.headers.authorization!.slice(7).trim();
      const [s] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, actor.sessionId));
      return { data: presentSession((await resolveActor(db, token))!, token, s.expiresAt) };
    },
  });
});
