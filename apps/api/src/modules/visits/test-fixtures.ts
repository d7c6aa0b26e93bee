import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { areas, journeyFlows, journeys, preRegistrationLinks, sites, userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Org } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';

type LinkOverrides = Partial<typeof preRegistrationLinks.$inferInsert>;
type FlowOverrides = Partial<typeof journeyFlows.$inferInsert>;
type TypeOverrides = Partial<typeof userTypes.$inferInsert>;

/**
 * A place to visit for tests: site, area, a journey with a flow for each of three user types (visitor, contractor
 * needing approval, staff registered by admin), a host and a pre-registration link for the journey. The flows ask
 * for a host (optional, console users by default). Rows of other areas' tables are inserted directly.
 */
export async function createPlace(
  h: TestApp,
  org: Org,
  opts: { link?: LinkOverrides; flow?: FlowOverrides; visitorType?: TypeOverrides; method?: 'allowed' | 'approval_required' | 'by_admin' | 'pre_registered_only'; timezone?: string } = {},
) {
  return withTenant(h.services.database.db, org.entityId, async (tx) => {
    const e = org.entityId;
    const [site] = await tx.insert(sites).values({ entityId: e, name: 'Northfield School', timezone: opts.timezone ?? 'UTC' }).returning();
    const [journey] = await tx.insert(journeys).values({ entityId: e, name: 'Visitors' }).returning();
    const [area] = await tx.insert(areas).values({ entityId: e, siteId: site.id, name: 'Reception', journeyId: journey.id }).returning();
    // A second place of the same organisation shares its user types (names are unique).
    const type = async (values: typeof userTypes.$inferInsert) =>
      (await tx.select().from(userTypes).where(and(eq(userTypes.entityId, e), eq(userTypes.name, values.name))))[0] ?? (await tx.insert(userTypes).values(values).returning())[0];
    const visitor = await type({ entityId: e, name: 'Visitor', registrationMethod: opts.method ?? 'allowed', ...opts.visitorType });
    const contractor = await type({ entityId: e, name: 'Contractor', registrationMethod: 'approval_required' });
    const staff = await type({ entityId: e, name: 'Staff', registrationMethod: 'by_admin', isStaff: true });
    const hostStep = { hostRequired: true, allowNoHost: true };
    const [flow] = await tx.insert(journeyFlows).values({ entityId: e, journeyId: journey.id, userTypeId: visitor.id, name: 'Visitor flow', ...hostStep, ...opts.flow }).returning();
    const [contractorFlow] = await tx.insert(journeyFlows).values({ entityId: e, journeyId: journey.id, userTypeId: contractor.id, name: 'Contractor flow', ...hostStep }).returning();
    await tx.insert(journeyFlows).values({ entityId: e, journeyId: journey.id, userTypeId: staff.id, name: 'Staff flow' });
    const [host] = await tx
      .insert(users)
      .values({ entityId: e, roleId: org.roles.employee, userTypeId: staff.id, firstName: 'Helen', lastName: 'Hostwell', email: `host-${randomBytes(4).toString('hex')}@example.test`, lang: 'es' })
      .returning();
    const [link] = await tx
      .insert(preRegistrationLinks)
      .values({ entityId: e, code: randomBytes(24).toString('base64url'), journeyId: journey.id, areaId: area.id, ...opts.link })
      .returning();
    return { site, area, journey, flow, contractorFlow, visitor, contractor, staff, host, link };
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
