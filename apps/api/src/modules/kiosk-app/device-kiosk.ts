import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { areas, entities, kiosks, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { withTenant } from '../../platform/db/tenant';
import { unauthenticated } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { kioskByToken } from '../kiosks';

/** The device token a kiosk sends as `Authorization: Bearer ghk_…`. */
export const deviceToken = (req: FastifyRequest) => {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ghk_') ? header.slice(7).trim() : '';
};

/**
 * The active kiosk behind the request's device token, with its organisation, site and area (401 otherwise:
 * a deregistered kiosk's token stops working at once).
 */
export async function deviceKiosk(services: Services, req: FastifyRequest) {
  const found = await kioskByToken(services, deviceToken(req));
  if (!found) throw unauthenticated('kiosk_app.device_token');
  const [row] = await withTenant(services.database.db, found.entityId, (tx) =>
    tx
      .select({ kiosk: kiosks, entity: entities, site: { id: sites.id, name: sites.name }, area: { id: areas.id, name: areas.name, siteId: areas.siteId } })
      .from(kiosks)
      .innerJoin(entities, eq(entities.id, kiosks.entityId))
      .leftJoin(areas, and(eq(areas.id, kiosks.areaId), eq(areas.entityId, found.entityId)))
      .leftJoin(sites, and(eq(sites.id, areas.siteId), eq(sites.entityId, found.entityId)))
      .where(and(eq(kiosks.id, found.id), eq(kiosks.entityId, found.entityId))),
  );
  if (!row) throw unauthenticated('kiosk_app.device_token');
  return row;
}

export type DeviceKiosk = Awaited<ReturnType<typeof deviceKiosk>>;

/**
 * The kiosk acts for itself in the one sign-in use case: no member acts (scans.actor_user_id stays null, no mode
 * grants apply), and it reaches every site and user type of its organisation (its area limits where it signs).
 */
export function kioskActor(k: DeviceKiosk): MemberActor {
  const e = k.entity;
  return {
    sessionId: 0,
    sessionKind: 'api',
    accountId: 0,
    passportId: '',
    email: '',
    firstName: k.kiosk.name,
    lastName: '',
    lang: 'en',
    image: null,
    otpEnabled: false,
    isSupport: false,
    passportActive: true,
    entityId: e.id,
    entity: { id: e.id, name: e.name, subdomain: e.subdomain, logo: e.logo, package: e.package, plan: e.plan, subscription: e.subscription, ownerId: e.ownerId, otpRoles: e.otpRoles },
    userId: null as unknown as number,
    roleId: null,
    roleKey: null,
    roleName: null,
    allSites: true,
    allUserTypes: true,
    permissions: {},
  };
}
