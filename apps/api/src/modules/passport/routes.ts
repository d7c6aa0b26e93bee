import { one, zInvitationAnswered, zInvitations, zMessage, zOtpDisableBody, zOtpSetup, zOtpVerifyBody, zPassportActivation, zPassportToken, zSession } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import { accounts, entities, invitations, roles } from '../../db/schema/index';
import { resolveActor } from '../../platform/auth/actor';
import { acceptOtp, newOtpSecret, otpUri } from '../../platform/auth/otp';
import { verifyPassword } from '../../platform/auth/passwords';
import { issueSession, revokeAllAccess } from '../../platform/auth/sessions';
import { asSystem } from '../../platform/db/tenant';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { flushEvents } from '../../platform/realtime';
import { membershipsOf, presentSession } from '../auth';
import { answerInvitation } from './answer-invitation';

const zPassportBody = z.object({ passport_id: z.string().uuid() });
const zInvitationBody = z.object({ invitation_id: z.coerce.number().int().positive() });
const DAY = 86_400_000;

export default defineRoutes((r, services) => {
  const db = services.database.db;
  const own = (actor: { passportId: string }, passportId: string) => {
    if (actor.passportId !== passportId) throw notFound();
  };

  r.route({
    method: 'GET',
    url: '/api/generate_passport_token',
    summary: 'A passport token for the signed-in account (opens the passport pages)',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    response: zPassportToken,
    handler: async ({ actor }) => {
      const { token, expiresAt } = await issueSession(db, actor.accountId, null, 'passport');
      return { data: { token, expires_at: expiresAt.toISOString() } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/check-activation-status',
    summary: 'Is the passport active? When not, how many days since it was deactivated (rule 62)',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zPassportBody,
    response: zPassportActivation,
    handler: async ({ actor, body }) => {
      own(actor, body.passport_id);
      const [a] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
      const days = a.deactivatedAt ? Math.floor((Date.now() - a.deactivatedAt.getTime()) / DAY) : null;
      return { data: { passport_id: a.passportId, is_active: (a.isActive ? 1 : 0) as 0 | 1, deactivated_at: a.deactivatedAt?.toISOString() ?? null, days_since_deactivation: a.isActive ? null : days } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/reactivate-passport-account',
    summary: 'Reactivate a deactivated passport',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zPassportBody,
    response: zMessage,
    handler: async ({ actor, body, t }) => {
      own(actor, body.passport_id);
      await db.update(accounts).set({ isActive: true, deactivatedAt: null, updatedAt: sql`now()` }).where(eq(accounts.id, actor.accountId));
      return { message: t('auth.passport_reactivated') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/deactivate-passport-account',
    summary: 'Deactivate the passport (it can be reactivated later): ends every session, API token and client credential of the account',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zPassportBody,
    response: zMessage,
    handler: async ({ actor, body, t }) => {
      own(actor, body.passport_id);
      await db.update(accounts).set({ isActive: false, deactivatedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(accounts.id, actor.accountId));
      // Deactivating ends every session and token of the account, this one included, on every process
      // (docs/decisions.md); signing in again is how it is reactivated (seed 001).
      await revokeAllAccess(db, actor.accountId);
      services.realtime.endSessions({ accountId: actor.accountId });
      return { message: t('auth.passport_inactive') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/generate-token-by-id',
    summary: "A new console token for the caller's own passport, in its current organisation",
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zPassportBody.extend({ entity_id: z.coerce.number().int().positive().optional() }),
    response: one(zSession),
    handler: async ({ actor, body }) => {
      own(actor, body.passport_id);
      const members = await membershipsOf(db, actor.accountId);
      const entityId = body.entity_id ?? actor.entityId ?? members[0]?.entityId ?? null;
      if (entityId && !members.some((m) => m.entityId === entityId)) throw notFound();
      const { token, expiresAt } = await issueSession(db, actor.accountId, entityId, 'console');
      return { data: presentSession((await resolveActor(db, token))!, token, expiresAt) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/passport/invitations',
    summary: "Pending dashboard invitations for the passport's e-mail",
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    response: zInvitations,
    handler: async ({ actor }) => {
      const rows = await asSystem(db, (tx) =>
        tx
          .select({ id: invitations.id, entityId: invitations.entityId, entityName: entities.name, role: roles.name, createdAt: invitations.createdAt })
          .from(invitations)
          .innerJoin(entities, eq(entities.id, invitations.entityId))
          .leftJoin(roles, eq(roles.id, invitations.roleId))
          .where(and(sql`lower(${invitations.email}) = ${actor.email}`, eq(invitations.status, 'pending'))),
      );
      const data = rows.map((r) => ({ id: r.id, entity_id: r.entityId, entity_name: r.entityName, role: r.role, created_at: r.createdAt.toISOString() }));
      return { data, count: data.length };
    },
  });

  for (const [url, answer] of [
    ['/api/accept-invitation-from-cloud', 'accepted'],
    ['/api/reject-invitation-from-cloud', 'rejected'],
  ] as const) {
    r.route({
      method: 'POST',
      url,
      summary: answer === 'accepted' ? 'Accept an invitation to an organisation’s dashboard' : 'Reject an invitation to an organisation’s dashboard',
      access: 'account',
      allowWithoutOtp: true,
      tags: ['passport'],
      body: zInvitationBody,
      response: zInvitationAnswered,
      handler: async ({ actor, body, t }) => {
        const entityId = await answerInvitation(db, actor, body.invitation_id, answer);
        return { message: t(answer === 'accepted' ? 'auth.invitation_accepted' : 'auth.invitation_rejected'), data: { entity_id: entityId } };
      },
    });
  }

  r.route({
    method: 'GET',
    url: '/api/passport/otp/setup',
    summary: 'Start setting up two-step authentication: a new secret and its QR code',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    response: one(zOtpSetup),
    handler: async ({ actor }) => {
      if (actor.otpEnabled) throw new AppError(409, 'auth.otp_enabled');
      const secret = newOtpSecret();
      await db.update(accounts).set({ otpSecret: secret, otpLastStep: null }).where(eq(accounts.id, actor.accountId));
      const url = otpUri(secret, actor.email);
      return { data: { secret, otpauth_url: url, qr: await QRCode.toDataURL(url, { margin: 1, width: 220 }) } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/passport/otp/enable',
    summary: 'Confirm the first code and turn two-step authentication on; logs out every session (rule 85)',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zOtpVerifyBody,
    response: zMessage,
    handler: async ({ actor, body, t }) => {
      const [a] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
      // The first code is used up like any other: it cannot log in again (issue 16 part 2).
      if (!(await acceptOtp(db, a, body.otp))) throw badRequest({ otp: ['auth.otp_invalid'] }, 'auth.otp_invalid');
      await db.update(accounts).set({ otpEnabled: true, updatedAt: sql`now()` }).where(eq(accounts.id, actor.accountId));
      // Every session, API token and client credential was obtained without the code: all end (rule 85).
      await revokeAllAccess(db, actor.accountId);
      const members = await membershipsOf(db, actor.accountId);
      flushEvents(
        services.realtime,
        members.map((m) => ({ room: 'user' as const, id: m.userId, event: 'updateUserTwoStepAuth' as const, payload: { entity_id: m.entityId, updated_by: m.userId, isOtpEnabled: 1, user_id: m.userId } })),
      );
      services.realtime.endSessions({ accountId: actor.accountId });
      return { message: t('auth.otp_enabled') };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/passport/otp/disable',
    summary: 'Turn two-step authentication off (needs the password)',
    access: 'account',
    allowWithoutOtp: true,
    tags: ['passport'],
    body: zOtpDisableBody,
    response: zMessage,
    handler: async ({ actor, body, t }) => {
      const [a] = await db.select().from(accounts).where(eq(accounts.id, actor.accountId));
      if (!(await verifyPassword(a.passwordHash, body.password))) throw badRequest({ password: ['auth.invalid_credentials'] }, 'auth.invalid_credentials');
      await db.update(accounts).set({ otpEnabled: false, otpSecret: null, updatedAt: sql`now()` }).where(eq(accounts.id, actor.accountId));
      return { message: t('auth.otp_disabled') };
    },
  });
});
