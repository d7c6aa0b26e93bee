import { createHash, randomBytes } from 'node:crypto';
import { type InviteRow, zApplyInviteBody, zApplyLabelsBody, zDuplicatePairs, zEntityIdParam, zFaceIdSaved, zId, zInviteRevokeBody, zListQuery, zMassResult, zMergeBody, zMessage, zPassportPreview, zRfidCheck, zUserSaved } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invitations, kiosks, users } from '../../db/schema/index';
import { savedGrantsOf } from '../../platform/auth/grants';
import { linkData } from '../../platform/auth/link-caller';
import { badRequest, forbidden, found } from '../../platform/errors';
import type { Router } from '../../platform/http/route';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { findDuplicates } from './duplicates';
import { applyLabels, inviteOrRevoke } from './mass-actions';
import { prepareInviteRows } from './invite-rows';
import { mergeUsers } from './merge-users';
import { mergeRefusal, protectedOf } from './protection';
import { faceIdOf, photoKey } from './photo';
import { accessOf, visibleTo } from './policy';
import { presentUserFull, presentUserRow } from './present';
import { loadVisible } from './routes-core';
import { assertUnique } from './save-user';
import { RFID_LINK } from './link-kinds';

const tags = ['users'];
const perm = 'users' as const;
const zUsersQuery = z.object({ users: z.union([z.string().max(5000), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : v.split(',')).filter(Boolean).map(Number)).pipe(z.array(z.number().int().positive()).min(1, 'people.select_user').max(1000)) });
const RFID_CODE_HOURS = 72;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');

export function registerActions(r: Router, services: Services) {

  r.route({
    method: 'POST', url: '/api/mass_action_apply_labels', summary: 'Add labels to many people; people outside the caller’s access are skipped (rule 100)', tags, permission: perm,
    body: zApplyLabelsBody, response: zMassResult,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const res = await applyLabels(tx, actor, body.users, body.labels, t);
        await audit(tx, 'label', 'user', null, { users: res.done, labels: body.labels });
        return { message: t('people.labels_applied'), data: res };
      }),
  });

  // Passport invitations give console access: administrators only (the routes are `adminOnly`).
  const invite = (type: 'invite' | 'revoke', users: number[] | InviteRow[], roleId: number | undefined, ctx: { actor: Parameters<typeof inviteOrRevoke>[1]; tenant: <T>(fn: (tx: import('../../platform/db/client').Db) => Promise<T>) => Promise<T>; audit: (tx: import('../../platform/db/client').Db, a: string, s: string, id?: number | null, c?: Record<string, unknown>) => Promise<void>; endMembership: (ids: number[]) => void; t: (k: string) => string }) => {
    return ctx.tenant(async (tx) => {
      // Full rows (rules 166, 179) are checked and their grants written first; rows that fail are skipped.
      const rows = users.length && typeof users[0] === 'object' ? await prepareInviteRows(tx, ctx.actor, users as InviteRow[], ctx.t) : null;
      const ids = rows ? rows.ready : (users as number[]);
      const res = ids.length || !rows ? await inviteOrRevoke(tx, ctx.actor, services.mail, ids, type, roleId, ctx.t, rows?.roleFor) : { done: [], skipped: [] };
      if (rows) res.skipped.unshift(...rows.skipped);
      await ctx.audit(tx, type, 'passport', null, { users: res.done });
      if (type === 'revoke') ctx.endMembership(res.done);
      return { message: ctx.t(type === 'invite' ? 'people.invitation_sent' : 'people.passport_revoked'), data: res };
    });
  };

  r.route({
    method: 'PUT', url: '/api/invite_revoke', summary: 'Passport invitation or revocation, decided by type (rule 178)', tags, permission: perm, adminOnly: true,
    body: zInviteRevokeBody, response: zMassResult,
    handler: (ctx) => invite(ctx.body.type, ctx.body.users, ctx.body.role_id, ctx),
  });
  r.route({
    method: 'POST', url: '/api/mass-action-apply-invite-users', summary: 'Invite many people to the dashboard: plain ids, or rows with role, sites, user types and phone (rules 166, 179)', tags, permission: perm, adminOnly: true,
    body: zApplyInviteBody, response: zMassResult,
    handler: (ctx) => invite('invite', ctx.body.users, ctx.body.role_id, ctx),
  });
  r.route({
    method: 'POST', url: '/api/mass-action-apply-revoke-users', summary: "Revoke many people's passports", tags, permission: perm, adminOnly: true,
    body: zInviteRevokeBody.omit({ type: true, role_id: true }), response: zMassResult,
    handler: (ctx) => invite('revoke', ctx.body.users, undefined, ctx),
  });

  r.route({
    method: 'GET', url: '/api/mass-action-invite-users', summary: 'The chosen people with their passport state, before inviting or revoking (users=1,2,3)', tags, permission: perm,
    query: zUsersQuery, response: zPassportPreview,
    handler: ({ actor, query, tenant, t }) =>
      tenant(async (tx) => {
        const vis = visibleTo(await accessOf(tx, actor));
        const rows = await tx.select().from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, query.users)));
        const visible = new Set((await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, query.users), vis))).map((x) => x.id));
        const inv = await tx.select({ userId: invitations.userId, status: invitations.status }).from(invitations).where(and(eq(invitations.entityId, actor.entityId), inArray(invitations.userId, query.users), eq(invitations.status, 'pending')));
        const pending = new Set(inv.map((i) => i.userId));
        // The person's current grants (rule 179 row: sites, user_types), the invitation form's starting values.
        const saved = await savedGrantsOf(tx, actor.entityId, query.users);
        const data = rows.map((u) => {
          const error = !visible.has(u.id) ? t('people.out_of_access') : !u.email ? t('people.no_email') : null;
          return { ...presentUserRow(u), invitation: pending.has(u.id) ? 'pending' : null, can_invite: error || u.accountId ? 0 : 1, can_revoke: !visible.has(u.id) || (!u.accountId && !pending.has(u.id)) ? 0 : 1, error, sites: saved.get(u.id)?.siteIds ?? [], user_types: saved.get(u.id)?.userTypeIds ?? [] } as const;
        });
        return { data: data.map((d) => ({ ...d, can_invite: d.can_invite as number, can_revoke: d.can_revoke as number })), count: data.length };
      }),
  });

  r.route({
    method: 'POST', url: '/api/send-rfid-instructions', summary: 'Mail a person the RFID enrolment instructions with a link to /rfid/:code (72 hours)', tags, permission: perm,
    body: z.object({ user_id: zId, entity_id: zId.optional(), kiosk_id: zId.optional() }), response: zMessage,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const { row } = await loadVisible(tx, actor, body.user_id);
        if (!row.email) throw badRequest({ user_id: ['people.no_email'] }, 'people.no_email');
        const kiosk = body.kiosk_id ? (await tx.select({ name: kiosks.name }).from(kiosks).where(and(eq(kiosks.entityId, actor.entityId), eq(kiosks.id, body.kiosk_id))))[0] : undefined;
        if (body.kiosk_id && !kiosk) throw badRequest({ kiosk_id: ['people.no_rfid_kiosk'] });
        const code = randomBytes(18).toString('base64url');
        await tx.update(users).set({ rfidCodeHash: hash(code), rfidCodeExpiresAt: sql`now() + interval '${sql.raw(String(RFID_CODE_HOURS))} hours'` }).where(eq(users.id, row.id));
        const vars = { name: row.firstName, kiosk: kiosk?.name ?? '-' };
        const link = made(`${services.config.publicUrl}/rfid/${code}`);
        await services.mail.queue({ to: row.email, ...composeMail(row.lang, { subject: 'people.rfid_subject', body: 'people.rfid_body' }, vars, { after: link }) }, { tx });
        return { message: t('people.rfid_instructions_sent') };
      }),
  });

  r.route({
    method: 'POST', url: '/api/verify-rfid-code', summary: 'RFID enrolment from its link (/rfid/:code): records the RFID value (unique, rule 172)', tags, access: 'link',
    link: { kinds: [RFID_LINK], in: 'body', name: 'code' },
    body: z.object({ code: z.string().trim().min(10).max(64), rfid: z.string().trim().min(1).max(64).optional() }),
    response: zRfidCheck,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ link, tenant, body, t }) => {
      const person = linkData(link, RFID_LINK)!;
      if (!body.rfid) return { message: 'ok', data: { valid: 1, first_name: person.firstName, enrolled: person.rfid ? 1 : 0 } };
      await tenant(async (tx) => {
        await assertUnique(tx, person.entityId, { rfid: body.rfid }, person.id);
        await tx.update(users).set({ rfid: body.rfid, rfidCodeHash: null, rfidCodeExpiresAt: null, updatedAt: sql`now()` }).where(and(eq(users.id, person.id), eq(users.entityId, person.entityId)));
      });
      return { message: t('people.updated'), data: { valid: 1, first_name: person.firstName, enrolled: 1 } };
    },
  });

  r.route({
    method: 'POST', url: '/api/send_quick_pass_intructions', summary: 'Mail a person their quick pass code (rule 102: not for people without a user type)', tags, permission: perm,
    body: z.object({ user_id: zId, entity_id: zId.optional() }), response: zMessage,
    handler: ({ actor, body, tenant, t }) =>
      tenant(async (tx) => {
        const { row } = await loadVisible(tx, actor, body.user_id);
        if (!row.email) throw badRequest({ user_id: ['people.no_email'] }, 'people.no_email');
        if (!row.userTypeId) throw badRequest({ user_id: ['people.default_user_quick_pass'] }, 'people.default_user_quick_pass');
        const code = row.quickPassCode ?? randomBytes(6).toString('hex').toUpperCase();
        if (!row.quickPassCode) await tx.update(users).set({ quickPassCode: code }).where(eq(users.id, row.id));
        await services.mail.queue({ to: row.email, ...composeMail(row.lang, { subject: 'people.quick_pass_subject', body: 'people.quick_pass_body' }, { name: row.firstName, code: made(code) }) }, { tx });
        return { message: t('people.quick_pass_sent') };
      }),
  });

  r.route({
    method: 'POST', url: '/api/generate_faceId', summary: "Enrol a person's face from their approved photo (the kiosk face library refreshes on the update event)", tags, permission: perm,
    body: z.object({ user_id: zId, entity_id: zId.optional() }), response: zFaceIdSaved,
    handler: async ({ actor, body, tenant, emit, audit, t }) => {
      const data = await tenant(async (tx) => {
        const { row } = await loadVisible(tx, actor, body.user_id);
        const key = row.image ? photoKey(row.image) : null;
        const photo = key ? await services.storage.get(`people/${key}`).catch(() => null) : null;
        if (!photo) throw badRequest({ user_id: ['people.no_photo'] }, 'people.no_photo');
        const faceId = faceIdOf(photo);
        await tx.update(users).set({ faceId, updatedAt: sql`now()` }).where(eq(users.id, row.id));
        await audit(tx, 'generate', 'face_id', row.id);
        return { user_id: row.id, face_id: faceId };
      });
      emit('entity', actor.entityId, 'update', { type: 'face_library', action: 'updated', id: data.user_id });
      return { message: t('people.face_id_generated'), data };
    },
  });

  r.route({
    method: 'GET', url: '/api/get_users_duplicate/{entityId}', summary: 'Suspected duplicate pairs: same e-mail, phone, ID or similar names (filterBy.reason)', tags, permission: perm,
    params: zEntityIdParam, query: zListQuery,
    response: zDuplicatePairs,
    handler: ({ actor, query, tenant }) => tenant(async (tx) => findDuplicates(tx, actor.entityId, await accessOf(tx, actor), query)),
  });

  r.route({
    method: 'POST', url: '/api/merge_user', summary: 'Merge a duplicate into the kept person, keeping every visit, scan, document, label and value ("Merged User")', tags, permission: perm,
    body: zMergeBody, response: zUserSaved,
    handler: ({ actor, body, tenant, audit, endMembership, t }) => {
      // Rule 180: both people must be chosen.
      if (!body.keep_user_id || !body.merge_user_id || body.keep_user_id === body.merge_user_id) throw badRequest({ keep_user_id: ['people.select_user'] }, 'people.select_user');
      return tenant(async (tx) => {
        const keep = (await loadVisible(tx, actor, body.keep_user_id!)).row;
        const drop = (await loadVisible(tx, actor, body.merge_user_id!)).row;
        const refused = mergeRefusal(actor, keep, drop, await protectedOf(tx, actor.entityId));
        if (refused) throw forbidden(refused);
        const { merged, conflicts } = await mergeUsers(tx, actor, keep, drop);
        endMembership([drop.id]);
        await audit(tx, 'merge', 'user', keep.id, { merged_user: { ...drop, createdAt: drop.createdAt.toISOString(), updatedAt: drop.updatedAt.toISOString() }, conflicting_values: conflicts });
        return { message: t('people.merged'), data: await presentUserFull(tx, found(merged)) };
      });
    },
  });
}
