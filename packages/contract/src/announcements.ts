import { z } from 'zod';
import { zBool, zFlag, zId, zListQuery } from './common';
import { zTranslations } from './i18n-text';

/** Announcements (rules 262-265; issue 17 part 6). */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'active', 'expired'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
export const ANNOUNCEMENT_TEXT_MAX = 150;
export const ANNOUNCEMENT_DESCRIPTION_MAX = 20_000;

const zHttpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s<>"']+$/i, 'announcements.url_invalid');

/**
 * Create or edit. `publish`: now or custom (`publish_at`); `expiry`: never or custom (`expires_at`). Times are
 * ISO date-times; rule 264 (not before now) is checked by the server against its clock.
 */
export const zAnnouncementBody = z
  .object({
    entity_id: zId.optional(),
    text: z.string().trim().min(2, 'announcements.text_min').max(ANNOUNCEMENT_TEXT_MAX, 'announcements.text_max'),
    text_i18n: zTranslations.optional(),
    description: z.string().max(ANNOUNCEMENT_DESCRIPTION_MAX, 'announcements.description_max').default(''),
    description_i18n: zTranslations.optional(),
    user_type_ids: z.array(zId).min(1, 'announcements.user_types_required').max(200),
    site_ids: z.array(zId).max(200).default([]),
    url: zHttpUrl.nullable().optional(),
    urgent: zBool.default(false),
    pinned: zBool.default(false),
    verbal: zBool.default(false),
    publish: z.enum(['now', 'custom']).default('now'),
    publish_at: z.iso.datetime({ offset: true, error: 'announcements.publish_required' }).nullable().optional(),
    expiry: z.enum(['never', 'custom']).default('never'),
    expires_at: z.iso.datetime({ offset: true, error: 'announcements.expiry_required' }).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.publish === 'custom' && !b.publish_at) ctx.addIssue({ code: 'custom', path: ['publish_at'], message: 'announcements.publish_required' });
    if (b.expiry === 'custom' && !b.expires_at) ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'announcements.expiry_required' });
  });
export type AnnouncementBody = z.output<typeof zAnnouncementBody>;

export const zAnnouncement = z.object({
  id: z.number(),
  text: z.string(),
  text_i18n: zTranslations,
  description: z.string(),
  description_i18n: zTranslations,
  url: z.string().nullable(),
  urgent: zFlag,
  pinned: zFlag,
  verbal: zFlag,
  publish_at: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  user_types: z.array(z.object({ id: z.number(), name: z.string() })),
  sites: z.array(z.object({ id: z.number(), name: z.string() })),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Announcement = z.output<typeof zAnnouncement>;

/** The grid's tabs (rule 263): `status` picks one. */
export const zAnnouncementsQuery = zListQuery.extend({ status: z.enum(ANNOUNCEMENT_STATUSES).optional() });

/** An active announcement as a kiosk or the console shows it (already in the reader's language). */
export const zAnnouncementView = z.object({
  id: z.number(),
  text: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  urgent: zFlag,
  pinned: zFlag,
  verbal: zFlag,
  user_type_ids: z.array(z.number()),
  publish_at: z.string(),
  expires_at: z.string().nullable(),
});
export type AnnouncementView = z.output<typeof zAnnouncementView>;
export const zAnnouncementViews = z.object({ data: z.array(zAnnouncementView) });

export const zAnnouncementSaved = z.object({ message: z.string(), data: zAnnouncement });

export const zAnnouncementAnswer = z.object({ data: zAnnouncement });
