import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { areas, journeyFlows, journeys, preRegistrationLinks, sites, userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Org } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';

type LinkOverrides = Partial<typeof preRegistrationLinks.$inferInsert>;

/**
 * A place to visit for tests: site, area, journey, flow, a visitor and a contractor user type, a host and a
 * pre-registration link. Rows of other areas' tables are inserted directly (their skeleton columns only).
 */
export async function createPlace(h: TestApp, org: Org, opts: { link?: LinkOverrides; method?: 'allowed' | 'approval_required' | 'by_admin'; timezone?: string } = {}) {
  return withTenant(h.services.database.db, org.entityId, async (tx) => {
    const e = org.entityId;
    const [site] = await tx.insert(sites).values({ entityId: e, name: 'Northfield School', timezone: opts.timezone ?? 'UTC' }).returning();
    const [journey] = await tx.insert(journeys).values({ entityId: e, name: 'Visitors' }).returning();
    const [area] = await tx.insert(areas).values({ entityId: e, siteId: site.id, name: 'Reception', journeyId: journey.id }).returning();
    const [visitor] = await tx.insert(userTypes).values({ entityId: e, name: 'Visitor' }).returning();
    const [contractor] = await tx.insert(userTypes).values({ entityId: e, name: 'Contractor' }).returning();
    const [staff] = await tx.insert(userTypes).values({ entityId: e, name: 'Staff' }).returning();
    const [flow] = await tx.insert(journeyFlows).values({ entityId: e, journeyId: journey.id, userTypeId: visitor.id, name: 'Visitor flow' }).returning();
    const [host] = await tx
      .insert(users)
      .values({ entityId: e, roleId: org.roles.employee, userTypeId: staff.id, firstName: 'Helen', lastName: 'Hostwell', email: `host-${randomBytes(4).toString('hex')}@example.test`, lang: 'es' })
      .returning();
    const [link] = await tx
      .insert(preRegistrationLinks)
      .values({
        entityId: e,
        code: randomBytes(24).toString('base64url'),
        journeyFlowId: flow.id,
        areaId: area.id,
        userTypes: [
          { id: visitor.id, registration_method: opts.method ?? 'allowed' },
          { id: contractor.id, registration_method: 'approval_required' },
          { id: staff.id, registration_method: 'by_admin' },
        ],
        ...opts.link,
      })
      .returning();
    return { site, area, journey, flow, visitor, contractor, staff, host, link };
  });
}
export type Place = Awaited<ReturnType<typeof createPlace>>;

/** Tomorrow (UTC) as YYYY-MM-DD, and a day n days ahead. */
export const dayAhead = (n = 1) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A real image of the given size. */
export const image = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') => {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
};

/** A multipart/form-data body for fastify.inject. */
export function multipart(fields: Record<string, string>, files: Record<string, { data: Buffer; filename: string; type: string }> = {}) {
  const boundary = `----gh${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, f] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function visitRow(h: TestApp, org: Org, id: number) {
  const [v] = await withTenant(h.services.database.db, org.entityId, (tx) => tx.select().from(visits).where(eq(visits.id, id)));
  return v;
}
export async function countVisits(h: TestApp, org: Org) {
  return (await withTenant(h.services.database.db, org.entityId, (tx) => tx.select({ id: visits.id }).from(visits).where(eq(visits.entityId, org.entityId)))).length;
}
