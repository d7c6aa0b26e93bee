import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { areas, entities, kiosks, sites } from '../../db/schema/index';
import type { Db } from '../db/client';
import { asSystem } from '../db/tenant';
import { hashToken } from './tokens';
import type { MemberActor } from './actor';

/** The device token a kiosk sends as `Authorization: Bearer ghk_…` (docs/kiosk-protocol.md); '' when none. */
export const deviceToken = (req: FastifyRequest) => {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ghk_')) return '';
  const token = header.slice(7).trim();
  return token.length <= 200 ? token : '';
};

/**
 * The active kiosk behind a device token, with its organisation, area, site and journey (its own, else its
 * area's), in ONE statement: a narrow system lookup by the token's hash (the token names its organisation).
 * Null for an unknown, deregistered or malformed token: the caller answers 401 before any handler runs.
 */
export async function resolveDevice(db: Db, token: string) {
  if (!token) return null;
  const [row] = await asSystem(db, (tx) =>
    tx
      .select({
        kiosk: kiosks,
        entity: entities,
        site: { id: sites.id, name: sites.name },
        area: { id: areas.id, name: areas.name, siteId: areas.siteId },
        journeyId: sql<number | null>`coalesce(${kiosks.journeyId}, ${areas.journeyId})`,
      })
      .from(kiosks)
      .innerJoin(entities, eq(entities.id, kiosks.entityId))
      .leftJoin(areas, and(eq(areas.id, kiosks.areaId), eq(areas.entityId, kiosks.entityId)))
      .leftJoin(sites, and(eq(sites.id, areas.siteId), eq(sites.entityId, kiosks.entityId)))
      .where(and(eq(kiosks.deviceTokenHash, hashToken(token)), eq(kiosks.status, 'active')))
      .limit(1),
  );
  return row ?? null;
}

/** A kiosk calling with its device token: what a `device` route receives as `ctx.device`. */
export type Device = NonNullable<Awaited<ReturnType<typeof resolveDevice>>>;

/**
 * The kiosk acts for itself in the one sign-in use case: no member acts (scans.actor_user_id stays null, no mode
 * grants apply), and it reaches every site and user type of its organisation (its area limits where it signs).
 */
export function deviceActor(k: Device): MemberActor {
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
