import type { AnnouncementBody } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { announcementSites, announcementUserTypes, announcements } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { jobsIn } from '../../platform/jobs';
import type { Services } from '../../platform/services';
import { type AnnouncementScope, checkTargets } from './scope';
import { sanitizeAnnouncementHtml } from './sanitize';

export const ANNOUNCEMENT_CHANGED_JOB = 'announcements.changed';
/** A small allowance for the time a form takes to travel: "now" from the console is not "in the past". */
const SKEW_MS = 60_000;

const cleanTranslations = (t: AnnouncementBody['text_i18n'], html = false) =>
  Object.fromEntries(Object.entries(t ?? {}).filter(([, v]) => v && v.trim()).map(([k, v]) => [k, html ? sanitizeAnnouncementHtml(v!) : v!.trim()]));

/**
 * Creates or edits an announcement (rules 262-265). Rule 264: a custom publish or expiry time before now is
 * refused with its field message; the expiry must follow the publish time. The HTML is sanitised here (what the
 * editor cannot produce is removed). Kiosks and consoles are told when it goes live and when it expires (a job at
 * each time, queued with this transaction).
 */
export async function saveAnnouncement(tx: Db, services: Services, actor: MemberActor, scope: AnnouncementScope, body: AnnouncementBody, existing?: typeof announcements.$inferSelect) {
  const now = Date.now();
  const errors: Record<string, string[]> = {};
  const publishAt = body.publish === 'custom' && body.publish_at ? new Date(body.publish_at) : existing && body.publish === 'custom' ? existing.publishAt : new Date(now);
  const expiresAt = body.expiry === 'custom' && body.expires_at ? new Date(body.expires_at) : null;
  const publishChanged = body.publish === 'custom' && (!existing || new Date(existing.publishAt).getTime() !== publishAt.getTime());
  if (publishChanged && publishAt.getTime() < now - SKEW_MS) errors.publish_at = ['announcements.publish_past'];
  if (expiresAt && expiresAt.getTime() < now - SKEW_MS) errors.expires_at = ['announcements.expiry_past'];
  else if (expiresAt && expiresAt <= publishAt) errors.expires_at = ['announcements.expiry_before_publish'];
  if (Object.keys(errors).length) throw badRequest(errors);
  const { types, places } = await checkTargets(tx, actor, scope, body.user_type_ids, body.site_ids);
  const values = {
    text: body.text,
    textI18n: cleanTranslations(body.text_i18n),
    description: sanitizeAnnouncementHtml(body.description),
    descriptionI18n: cleanTranslations(body.description_i18n, true),
    url: body.url ?? null,
    urgent: body.urgent,
    pinned: body.pinned,
    verbal: body.verbal,
    publishAt,
    expiresAt,
  };
  const [row] = existing
    ? await tx
        .update(announcements)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(announcements.id, existing.id), eq(announcements.entityId, actor.entityId)))
        .returning()
    : await tx.insert(announcements).values({ ...values, entityId: actor.entityId, createdBy: actor.userId }).returning();
  await tx.delete(announcementUserTypes).where(and(eq(announcementUserTypes.entityId, actor.entityId), eq(announcementUserTypes.announcementId, row.id)));
  await tx.delete(announcementSites).where(and(eq(announcementSites.entityId, actor.entityId), eq(announcementSites.announcementId, row.id)));
  await tx.insert(announcementUserTypes).values(types.map((userTypeId) => ({ entityId: actor.entityId, announcementId: row.id, userTypeId })));
  if (places.length) await tx.insert(announcementSites).values(places.map((siteId) => ({ entityId: actor.entityId, announcementId: row.id, siteId })));
  if (services.jobs.started) {
    for (const at of [publishAt, expiresAt]) {
      if (at && at.getTime() > now) await services.jobs.send(ANNOUNCEMENT_CHANGED_JOB, { entityId: actor.entityId, id: row.id }, { startAfter: at, db: jobsIn(tx) });
    }
  }
  return row;
}
