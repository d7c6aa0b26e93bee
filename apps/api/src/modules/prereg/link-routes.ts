import { COMPLIANCE_REMINDER_MIN, COMPLIANCE_SEND_BEFORE_MIN, REGISTRATION_METHODS, flag, listOf, one, zBool, zFlag, zId } from '@gatehouse/contract';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { areas, journeyFlows, preRegistrationLinks, userTypes } from '../../db/schema/index';
import { badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';

const zLinkBody = z.object({
  entity_id: zId,
  journey_flow_id: zId,
  area_id: zId,
  user_types: z.array(z.object({ id: zId, registration_method: z.enum(REGISTRATION_METHODS) })).min(1).max(50),
  is_image_required: zBool.default(false),
  is_compliance_required: zBool.default(false),
  enable_switch_usertype: zBool.default(false),
  allow_not_select_host: zBool.default(true),
  host_user_type_ids: z.array(zId).max(50).default([]),
  host_note: z.string().trim().max(300).optional(),
  /** Rules 199-200. */
  compliance_send_before_minutes: z.coerce.number().int().min(COMPLIANCE_SEND_BEFORE_MIN).max(60 * 24 * 30).default(1440),
  compliance_reminder_minutes: z.coerce.number().int().min(COMPLIANCE_REMINDER_MIN).max(60 * 24 * 7).default(240),
});
const zLink = z.object({
  id: z.number(),
  code: z.string(),
  url: z.string(),
  journey_flow_id: z.number(),
  area_id: z.number().nullable(),
  user_types: z.array(z.object({ id: z.number(), registration_method: z.string() })),
  is_image_required: zFlag,
  is_compliance_required: zFlag,
  active: zFlag,
});
type LinkRow = typeof preRegistrationLinks.$inferSelect;

/** Console calls to make and list the shareable pre-registration links (paths in the documents' style). */
export default defineRoutes((r, services) => {
  const present = (l: LinkRow) => ({
    id: l.id,
    code: l.code,
    url: `${services.config.publicUrl}/pre-registration/${l.code}`,
    journey_flow_id: l.journeyFlowId,
    area_id: l.areaId,
    user_types: l.userTypes,
    is_image_required: flag(l.isImageRequired),
    is_compliance_required: flag(l.isComplianceRequired),
    active: flag(l.active),
  });

  r.route({
    method: 'POST',
    url: '/api/pre_registration_link',
    summary: 'Make a shareable pre-registration link for a journey flow and area (see docs/pre-registration.md)',
    permission: 'journeys',
    tags: ['prereg'],
    body: zLinkBody,
    response: one(zLink),
    status: 201,
    handler: async ({ actor, body, tenant, audit }) => {
      const row = await tenant(async (tx) => {
        const e = actor.entityId;
        const [flow] = await tx.select({ id: journeyFlows.id }).from(journeyFlows).where(and(eq(journeyFlows.id, body.journey_flow_id), eq(journeyFlows.entityId, e)));
        const [area] = await tx.select({ id: areas.id }).from(areas).where(and(eq(areas.id, body.area_id), eq(areas.entityId, e)));
        if (!flow || !area) throw notFound();
        const typeIds = [...new Set([...body.user_types.map((u) => u.id), ...body.host_user_type_ids])];
        const found = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.entityId, e), inArray(userTypes.id, typeIds)));
        if (found.length !== typeIds.length) throw badRequest({ user_types: ['errors.not_found'] });
        const [link] = await tx
          .insert(preRegistrationLinks)
          .values({
            entityId: e,
            code: randomBytes(24).toString('base64url'),
            journeyFlowId: flow.id,
            areaId: area.id,
            userTypes: body.user_types,
            isImageRequired: body.is_image_required,
            isComplianceRequired: body.is_compliance_required,
            enableSwitchUserType: body.enable_switch_usertype,
            allowNotSelectHost: body.allow_not_select_host,
            hostUserTypeIds: body.host_user_type_ids,
            hostNote: body.host_note ?? null,
            complianceSendBeforeMinutes: body.compliance_send_before_minutes,
            complianceReminderMinutes: body.compliance_reminder_minutes,
            createdBy: actor.userId,
          })
          .returning();
        await audit(tx, 'create', 'pre_registration_link', link.id);
        return link;
      });
      return { data: present(row) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/pre_registration_links/{entityId}',
    summary: "The organisation's pre-registration links, newest first",
    permission: 'journeys',
    tags: ['prereg'],
    params: z.object({ entityId: zId }),
    response: listOf(zLink),
    handler: async ({ actor, tenant }) => {
      const rows = await tenant((tx) => tx.select().from(preRegistrationLinks).where(eq(preRegistrationLinks.entityId, actor.entityId)).orderBy(desc(preRegistrationLinks.id)));
      return { data: rows.map(present), count: rows.length };
    },
  });
});
