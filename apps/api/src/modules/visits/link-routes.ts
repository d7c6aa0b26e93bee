import { flag, listOf, one, zBool, zId, zLinkQr, zPreRegLink, zPreRegLinkOptions } from '@gatehouse/contract';
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { areas, journeyFlows, journeySites, journeys, preRegistrationLinks } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { isPublicMethod, journeyFlowTypes } from './link';
import { linkOptions } from './link-options';

const zExpiry = z.iso.datetime({ offset: true }).nullish();
const zLinkBody = z.object({
  entity_id: zId,
  journey_id: zId,
  /** Only this flow's user type; leave out to offer every flow of the journey. */
  journey_flow_id: zId.nullish(),
  area_id: zId,
  expires_at: zExpiry,
});
const zLinkUpdate = z.object({ entity_id: zId.optional(), active: zBool.optional(), expires_at: zExpiry });
type LinkRow = typeof preRegistrationLinks.$inferSelect;

/**
 * The journey (or flow) and area of a new link, all the organisation's own (404 otherwise); the area's site must
 * be one the journey is permitted on (rule 97), and the link must offer someone a way to pre-register (rule 156).
 */
async function checkLinkTarget(tx: Db, entityId: number, b: z.output<typeof zLinkBody>) {
  const [journey] = await tx.select().from(journeys).where(and(eq(journeys.id, b.journey_id), eq(journeys.entityId, entityId)));
  const [area] = await tx.select({ id: areas.id, siteId: areas.siteId }).from(areas).where(and(eq(areas.id, b.area_id), eq(areas.entityId, entityId)));
  if (!journey || !area) throw notFound();
  if (b.journey_flow_id) {
    const [flow] = await tx.select({ id: journeyFlows.id }).from(journeyFlows).where(and(eq(journeyFlows.id, b.journey_flow_id), eq(journeyFlows.entityId, entityId), eq(journeyFlows.journeyId, journey.id)));
    if (!flow) throw badRequest({ journey_flow_id: ['errors.not_found'] });
  }
  const permitted = await tx.select({ siteId: journeySites.siteId }).from(journeySites).where(and(eq(journeySites.entityId, entityId), eq(journeySites.journeyId, journey.id)));
  if (permitted.length && !permitted.some((p) => p.siteId === area.siteId)) throw badRequest({ area_id: ['prereg.area_not_in_journey'] });
  const flows = await journeyFlowTypes(tx, entityId, journey.id, b.journey_flow_id ?? null);
  if (!flows.some((f) => isPublicMethod(f.type.registrationMethod))) throw badRequest({ journey_id: ['prereg.not_available'] }, 'prereg.not_available');
}

/** Console calls to make, list and turn off the shareable pre-registration links (paths in the documents' style). */
export default defineRoutes((r, services) => {
  const present = (l: LinkRow) => ({
    id: l.id,
    code: l.code,
    url: `${services.config.publicUrl}/pre-registration/${l.code}`,
    journey_id: l.journeyId,
    journey_flow_id: l.journeyFlowId,
    area_id: l.areaId,
    expires_at: l.expiresAt?.toISOString() ?? null,
    active: flag(l.active),
  });

  r.route({
    method: 'POST',
    url: '/api/pre_registration_link',
    summary: 'Make a shareable pre-registration link for a journey (or one of its flows) and an area, optionally until a date (see docs/pre-registration.md)',
    permission: 'journeys',
    tags: ['prereg'],
    body: zLinkBody,
    response: one(zPreRegLink),
    status: 201,
    handler: async ({ actor, body, tenant, audit }) => {
      const row = await tenant(async (tx) => {
        await checkLinkTarget(tx, actor.entityId, body);
        const [link] = await tx
          .insert(preRegistrationLinks)
          .values({
            entityId: actor.entityId,
            code: randomBytes(24).toString('base64url'),
            journeyId: body.journey_id,
            journeyFlowId: body.journey_flow_id ?? null,
            areaId: body.area_id,
            expiresAt: body.expires_at ? new Date(body.expires_at) : null,
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
    method: 'PUT',
    url: '/api/pre_registration_link/{id}',
    summary: 'Turn a pre-registration link off or on, or change its end date',
    permission: 'journeys',
    tags: ['prereg'],
    params: z.object({ id: zId }),
    body: zLinkUpdate,
    response: one(zPreRegLink),
    handler: async ({ actor, params, body, tenant, audit }) => {
      const row = await tenant(async (tx) => {
        const [link] = await tx
          .update(preRegistrationLinks)
          .set({ ...(body.active !== undefined ? { active: body.active } : {}), ...(body.expires_at !== undefined ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null } : {}), updatedAt: new Date() })
          .where(and(eq(preRegistrationLinks.id, params.id), eq(preRegistrationLinks.entityId, actor.entityId)))
          .returning();
        if (!link) throw notFound();
        await audit(tx, 'update', 'pre_registration_link', link.id, { ...body });
        return link;
      });
      return { data: present(row) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/pre_registration_links/{entityId}',
    summary: "The organisation's pre-registration links, newest first (journey_id: only that journey's)",
    permission: 'journeys',
    tags: ['prereg'],
    params: z.object({ entityId: zId }),
    query: z.object({ journey_id: zId.optional() }),
    response: listOf(zPreRegLink),
    handler: async ({ actor, query, tenant }) => {
      const rows = await tenant((tx) =>
        tx
          .select()
          .from(preRegistrationLinks)
          .where(and(eq(preRegistrationLinks.entityId, actor.entityId), query.journey_id ? eq(preRegistrationLinks.journeyId, query.journey_id) : undefined))
          .orderBy(desc(preRegistrationLinks.id)),
      );
      return { data: rows.map(present), count: rows.length };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/pre_registration_link_options/{journeyId}',
    summary: "What a new link of the journey may name: the areas of its permitted sites and the flows visitors may pre-register on",
    permission: 'journeys',
    tags: ['prereg'],
    params: z.object({ journeyId: zId }),
    response: one(zPreRegLinkOptions),
    handler: async ({ actor, params, tenant }) => ({ data: await tenant((tx) => linkOptions(tx, actor.entityId, params.journeyId)) }),
  });

  r.route({
    method: 'GET',
    url: '/api/pre_registration_link_qr/{id}',
    summary: "The link's QR code (a PNG data URL) for the printed poster",
    permission: 'journeys',
    tags: ['prereg'],
    params: z.object({ id: zId }),
    response: zLinkQr,
    handler: async ({ actor, params, tenant }) => {
      const [link] = await tenant((tx) => tx.select().from(preRegistrationLinks).where(and(eq(preRegistrationLinks.id, params.id), eq(preRegistrationLinks.entityId, actor.entityId))));
      if (!link) throw notFound();
      const { url } = present(link);
      return { data: { id: link.id, url, qrcode: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 512 }) } };
    },
  });
});
