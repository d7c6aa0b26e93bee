import { listOf, type UpdatePayload, zAnnouncement, zAnnouncementAnswer, zAnnouncementBody, zAnnouncementSaved, zAnnouncementsQuery, zAnnouncementViews, zEntityIdParam, zIdParam, zMessage } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { announcements, users } from '../../db/schema/index';
import { defineRoutes } from '../../platform/http/route';
import type { Services } from '../../platform/services';
import { notifyKiosks } from '../kiosks/index';
import { activeFor, loadAnnouncements, statusCondition } from './load-announcements';
import { ANNOUNCEMENT_CHANGED_JOB, saveAnnouncement } from './save-announcement';
import { reachableAnnouncement, scopeOf, visible } from './scope';

const base = { tags: ['announcements'], permission: 'announcements' as const };

/** Kiosks reload what they show, consoles refresh (after the change committed). */
function announceChange(services: Services, entityId: number, id: number, action: Extract<UpdatePayload, { type: 'announcement' }>['action']) {
  notifyKiosks(services.realtime, entityId, 'all', 'announcements');
  services.realtime.toEntity(entityId, 'update', { type: 'announcement', action, id });
}

export default defineRoutes((r, services) => {
  services.jobs.work<{ entityId: number; id: number }>(ANNOUNCEMENT_CHANGED_JOB, async ({ entityId, id }) => announceChange(services, entityId, id, 'status'));

  const loadOne = (tx: Parameters<typeof loadAnnouncements>[0], entityId: number, id: number) =>
    loadAnnouncements(tx, entityId, eq(announcements.id, id), { limit: 1, offset: 0 }).then((r) => r.data[0]);

  r.route({
    ...base,
    method: 'POST',
    url: '/api/announcement',
    summary: 'Create an announcement (rules 262-264): sanitised rich text, targets, urgent, pinned, verbal, publish and expiry',
    body: zAnnouncementBody,
    response: zAnnouncementSaved,
    status: 201,
    handler: async ({ actor, body, tenant, t }) => {
      const data = await tenant(async (tx) => {
        const row = await saveAnnouncement(tx, services, actor, await scopeOf(tx, actor), body);
        return loadOne(tx, actor.entityId, row.id);
      });
      announceChange(services, actor.entityId, data.id, 'created');
      return { message: t('announcements.created'), data };
    },
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/announcements/{entityId}',
    summary: 'Announcements the caller may see; `status` picks a tab: active, scheduled or expired (rule 263)',
    params: zEntityIdParam,
    query: zAnnouncementsQuery,
    response: listOf(zAnnouncement),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const search = typeof query.filterBy.search === 'string' ? query.filterBy.search.trim().toLowerCase() : '';
        const where = and(
          visible(await scopeOf(tx, actor)),
          query.status ? statusCondition(query.status) : undefined,
          search ? sql`lower(${announcements.text}) like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        );
        return loadAnnouncements(tx, actor.entityId, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
      }),
  });

  r.route({
    ...base,
    method: 'GET',
    url: '/api/announcement/{id}',
    summary: 'One announcement with its translations and targets',
    params: zIdParam,
    response: zAnnouncementAnswer,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const row = await reachableAnnouncement(tx, actor, await scopeOf(tx, actor), params.id);
        return { data: await loadOne(tx, actor.entityId, row.id) };
      }),
  });

  r.route({
    ...base,
    method: 'PUT',
    url: '/api/announcement/{id}',
    summary: 'Edit an announcement ("Announcement has been updated successfully.", rule 265)',
    params: zIdParam,
    body: zAnnouncementBody,
    response: zAnnouncementSaved,
    handler: async ({ actor, params, body, tenant, t }) => {
      const data = await tenant(async (tx) => {
        const scope = await scopeOf(tx, actor);
        const existing = await reachableAnnouncement(tx, actor, scope, params.id);
        const row = await saveAnnouncement(tx, services, actor, scope, body, existing);
        return loadOne(tx, actor.entityId, row.id);
      });
      announceChange(services, actor.entityId, data.id, 'updated');
      return { message: t('announcements.updated'), data };
    },
  });

  r.route({
    ...base,
    method: 'DELETE',
    url: '/api/announcement/{id}',
    summary: 'Delete an announcement',
    params: zIdParam,
    response: zMessage,
    handler: async ({ actor, params, tenant, t }) => {
      await tenant(async (tx) => {
        const row = await reachableAnnouncement(tx, actor, await scopeOf(tx, actor), params.id);
        await tx.delete(announcements).where(and(eq(announcements.id, row.id), eq(announcements.entityId, actor.entityId)));
      });
      announceChange(services, actor.entityId, params.id, 'deleted');
      return { message: t('announcements.deleted') };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/my_announcements',
    summary: "The active announcements for the signed-in member (their user type, their sites), in their language (the console's banner)",
    tags: ['announcements'],
    response: zAnnouncementViews,
    handler: ({ actor, tenant, lang }) =>
      tenant(async (tx) => {
        const [me] = await tx.select({ userTypeId: users.userTypeId }).from(users).where(and(eq(users.id, actor.userId), eq(users.entityId, actor.entityId)));
        const scope = await scopeOf(tx, actor);
        return { data: await activeFor(tx, actor.entityId, lang, { userTypeId: me?.userTypeId ?? null, siteIds: scope.sites }) };
      }),
  });

  // The kiosk's own call (device token): every active announcement at its site, with the user types each targets.
  r.route({
    method: 'GET',
    url: '/api/kiosk-app/announcements',
    summary: "The kiosk's active announcements (its site; the kiosk shows those of the signing person's user type, reads verbal ones aloud)",
    tags: ['kiosk-app'],
    access: 'device',
    rateLimit: { max: 600, timeWindow: 60_000 },
    response: zAnnouncementViews,
    handler: async ({ device: k, tenant, req, lang: asked }) => {
      // The language the visitor picked on the kiosk (its Accept-Language), else the kiosk's own setting.
      const lang = req.headers['accept-language'] ? asked : (k.kiosk.settings?.language ?? 'en');
      return { data: await tenant((tx) => activeFor(tx, k.entity.id, lang, { siteId: k.site?.id ?? k.kiosk.siteId ?? null })) };
    },
  });
});
