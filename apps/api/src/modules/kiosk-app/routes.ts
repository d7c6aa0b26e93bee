import { flag, zIdParam, zKioskAppConfig, zKioskReasons, zKioskAppScanBody, zKioskBadge, zKioskPeople, zKioskPeopleQuery, zSignInOutResult } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import { withTenant } from '../../platform/db/tenant';
import { fieldError } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { afterSignIn } from '../signin/after-sign-in';
import { loadSubject } from '../signin/load-subject';
import { signInOutOnce } from '../signin/sign-in-out';
import { badgeFor } from './badge';
import { deviceKiosk, deviceToken, kioskActor } from './device-kiosk';
import { searchPeople } from './search-people';

const tags = ['kiosk-app'];
// One kiosk signs a queue of people (and replays an offline batch): limit per device, not per address.
const perDevice = { max: 1200, timeWindow: 60_000, key: (req: FastifyRequest) => deviceToken(req) || req.ip };

/** The kiosk app's own calls, authenticated by the device token (docs/kiosk-protocol.md), not a console session. */
export default defineRoutes((r, services) => {
  const db = services.database.db;

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/config',
    summary: "The kiosk's own configuration: organisation name and logo, site, area, journey and settings",
    tags,
    access: 'public',
    rateLimit: perDevice,
    response: zKioskAppConfig,
    handler: async ({ req }) => {
      const k = await deviceKiosk(services, req);
      return {
        data: {
          kiosk: { id: k.kiosk.id, name: k.kiosk.name },
          entity: { id: k.entity.id, name: k.entity.name, logo: k.entity.logo },
          site: k.site?.id ? { id: k.site.id, name: k.site.name } : null,
          area: k.area?.id ? { id: k.area.id, name: k.area.name } : null,
          journey_id: k.kiosk.journeyId,
          settings: (k.kiosk.settings ?? {}) as Record<string, unknown>,
        },
      };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/people',
    summary: 'Find a person by name on the kiosk (names only, a few matches)',
    tags,
    access: 'public',
    rateLimit: perDevice,
    query: zKioskPeopleQuery,
    response: zKioskPeople,
    handler: async ({ req, query }) => {
      const k = await deviceKiosk(services, req);
      const data = await withTenant(db, k.entity.id, (tx) => searchPeople(tx, k.entity.id, query.search));
      return { data };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/reasons/{id}',
    summary: "The reasons of a person's attendance mode (asked when a late sign-in or early sign-out needs one)",
    tags,
    access: 'public',
    rateLimit: perDevice,
    params: zIdParam,
    response: zKioskReasons,
    handler: async ({ req, params }) => {
      const k = await deviceKiosk(services, req);
      const actor = kioskActor(k);
      const person = await withTenant(db, actor.entityId, (tx) => loadSubject(tx, actor, { user_id: params.id }));
      return { data: person.reasons.map((r) => ({ id: r.id, name: r.name, type: r.type })) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/badge/{id}',
    summary: 'The badge of a sign-in this kiosk recorded, with a QR code (never for default users: rule 102)',
    tags,
    access: 'public',
    rateLimit: perDevice,
    params: zIdParam,
    response: zKioskBadge,
    handler: async ({ req, params }) => {
      const k = await deviceKiosk(services, req);
      return { data: await withTenant(db, k.entity.id, (tx) => badgeFor(tx, k.entity.id, k.kiosk.id, params.id)) };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk-app/scan',
    summary: "A kiosk signs a person in or out at its own area (QR, RFID or name); the same idempotency key twice records one scan",
    tags,
    access: 'public',
    rateLimit: perDevice,
    body: zKioskAppScanBody,
    response: zSignInOutResult,
    handler: async ({ req, body, emit, t }) => {
      const k = await deviceKiosk(services, req);
      if (!k.area?.id) throw fieldError('area_id', 'kiosk_app.no_area');
      const actor = kioskActor(k);
      const full = { ...body, area_id: k.area.id, kiosk_id: k.kiosk.id };
      const result = await signInOutOnce((fn) => withTenant(db, actor.entityId, fn), { actor, body: full, method: body.input_method ?? 'name' });
      await afterSignIn(services, emit, actor.entityId, result);
      return {
        data: { action: result.action, scan: result.scan, visit_id: result.visitId, visit_status: result.visitStatus, replayed: flag(result.replayed) },
        message: t(result.action === 'in' ? 'signin.signed_in' : 'signin.signed_out', { name: result.scan.full_name }),
      };
    },
  });
});
