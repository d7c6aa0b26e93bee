import { type Announcement, type AnnouncementStatus, type AnnouncementView, type Language, localized } from '@gatehouse/contract';
import type { announcements } from '../../db/schema/index';

type Row = typeof announcements.$inferSelect;

/** Rule 263: scheduled, then active, then expired, from the publish and expiry times. */
export function statusOf(row: Pick<Row, 'publishAt' | 'expiresAt'>, now = new Date()): AnnouncementStatus {
  if (new Date(row.publishAt) > now) return 'scheduled';
  if (row.expiresAt && new Date(row.expiresAt) <= now) return 'expired';
  return 'active';
}

export const presentAnnouncement = (r: Row, targets: { userTypes: { id: number; name: string }[]; sites: { id: number; name: string }[] }, createdByName: string | null): Announcement => ({
  id: r.id,
  text: r.text,
  text_i18n: r.textI18n ?? {},
  description: r.description,
  description_i18n: r.descriptionI18n ?? {},
  url: r.url,
  urgent: r.urgent ? 1 : 0,
  pinned: r.pinned ? 1 : 0,
  verbal: r.verbal ? 1 : 0,
  publish_at: new Date(r.publishAt).toISOString(),
  expires_at: r.expiresAt ? new Date(r.expiresAt).toISOString() : null,
  status: statusOf(r),
  user_types: targets.userTypes,
  sites: targets.sites,
  created_by_name: createdByName,
  created_at: new Date(r.createdAt).toISOString(),
});

/** An active announcement in the reader's language (kiosk, console). */
export const presentView = (r: Row, userTypeIds: number[], lang: Language): AnnouncementView => ({
  id: r.id,
  text: localized(r.text, r.textI18n, lang),
  description: localized(r.description, r.descriptionI18n, lang),
  url: r.url,
  urgent: r.urgent ? 1 : 0,
  pinned: r.pinned ? 1 : 0,
  verbal: r.verbal ? 1 : 0,
  user_type_ids: userTypeIds,
  publish_at: new Date(r.publishAt).toISOString(),
  expires_at: r.expiresAt ? new Date(r.expiresAt).toISOString() : null,
});
