import {
  flag,
  zIdParam,
  zKioskAppConfig,
  zKioskAppScanBody,
  zKioskBadge,
  zKioskConditionsBody,
  zKioskConditionsCheck,
  zKioskHosts,
  zKioskHostsQuery,
  zKioskIdentifyBody,
  zKioskIdentity,
  zKioskPeople,
  zKioskPeopleQuery,
  zKioskReasons,
  zKioskReasonsQuery,
  zKioskVisitorBody,
  zSignInOutResult,
} from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { afterSignIn, loadSubject, type SignInOutResult } from '../signin';
import { badgeFor } from './badge';
import { checkConditionAnswers } from './check-conditions';
import { recordBadgePrint } from '../print/index';
import { type DeviceKiosk, deviceToken, kioskActor } from './device-kiosk';
import { identify } from './identify';
import { loadKioskJourney, presentKioskJourney } from './journey';
import { scanAtKiosk } from './scan';
import { searchPeople } from './search-people';
import { searchHosts, walkIn } from './walk-in';

/** The kiosk signs at its own area only: a kiosk not placed yet refuses. */
const areaOf = (k: DeviceKiosk) => {
  if (!k.area?.id) throw fieldError('area_id', 'kiosk_app.no_area');
  return k.area.id;
};

const presentResult = (result: SignInOutResult) => ({
  action: result.action,
  scan: result.scan,
  visit_id: result.visitId,
  visit_status: result.visitStatus,
  replayed: flag(result.replayed),
});

const tags = ['kiosk-app'];
// One kiosk signs a queue of people (and replays an offline batch): limit per device, not per address.
const perDevice = { max: 1200, timeWindow: 60_000, key: (req: FastifyRequest) => deviceToken(req) || req.ip };

/** The kiosk app's own calls, authenticated by the device token (docs/kiosk-protocol.md), not a console session. */
export default defineRoutes((r, services) => {

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/config',
    summary: "The kiosk's own configuration: organisation name and logo, site, area, journey and settings",
    tags,
    access: 'device',
    rateLimit: perDevice,
    response: zKioskAppConfig,
    handler: async ({ device, tenant }) => {
      const k = device;
      const journey = await tenant(async (tx) => presentKioskJourney(tx, k.entity.id, await loadKioskJourney(tx, k)));
      return {
        data: {
          journey,
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
    summary: "Find a person by name on the kiosk: only people the kiosk's journey signs, names only, a few matches; quick_pass 1 when signing them by name asks their quick pass code",
    tags,
    access: 'device',
    rateLimit: perDevice,
    query: zKioskPeopleQuery,
    response: zKioskPeople,
    handler: async ({ device, tenant, query }) => {
      const k = device;
      const data = await tenant(async (tx) => searchPeople(tx, k, query.search));
      return { data };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/reasons/{id}',
    summary: "The reasons of a person's attendance mode (asked when a late sign-in or early sign-out needs one); action=in gives the late sign-in reasons, action=out the early sign-out ones (rule 221)",
    tags,
    access: 'device',
    rateLimit: perDevice,
    params: zIdParam,
    query: zKioskReasonsQuery,
    response: zKioskReasons,
    handler: async ({ device, tenant, params, query }) => {
      const k = device;
      const actor = kioskActor(k);
      const person = await tenant((tx) => loadSubject(tx, actor, { user_id: params.id }));
      const type = query.action === 'in' ? 'late_sign_in' : query.action === 'out' ? 'early_sign_out' : null;
      return { data: person.reasons.filter((r) => !type || r.type === type).map((r) => ({ id: r.id, name: r.name, type: r.type })) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/badge/{id}',
    summary: 'The badge of a sign-in this kiosk recorded, with a QR code (never for default users: rule 102)',
    tags,
    access: 'device',
    rateLimit: perDevice,
    params: zIdParam,
    response: zKioskBadge,
    handler: async ({ device, tenant, params }) => {
      const k = device;
      return {
        data: await tenant(async (tx) => {
          const badge = await badgeFor(tx, k.entity.id, k.kiosk.id, params.id, await loadKioskJourney(tx, k));
          // The kiosk prints what it fetched: the print list's job (rule 291).
          await recordBadgePrint(tx, k.entity.id, k.kiosk, params.id, badge.user_id);
          return badge;
        }),
      };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk-app/identify',
    summary: 'Who a QR code, RFID card or picked name is, whether it would sign them in or out, and the checks a sign-in needs',
    tags,
    access: 'device',
    rateLimit: perDevice,
    body: zKioskIdentifyBody,
    response: zKioskIdentity,
    handler: async ({ device, tenant, body }) => {
      const k = device;
      const areaId = areaOf(k);
      const found = await tenant((tx) => identify(tx, k, areaId, body));
      const p = found.person;
      return {
        data: {
          user_id: p.id,
          name: `${p.firstName} ${p.lastName}`.trim(),
          user_type: p.userTypeName ?? null,
          action: found.action,
          checks: { temperature: flag(found.readings.temperature), mask: flag(found.readings.mask) },
          journey_flow_id: found.asks?.journeyFlowId ?? null,
          host: flag(!!found.asks?.host),
          compliance: flag(!!found.asks?.compliance),
        },
      };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk-app/scan',
    summary: 'A kiosk signs a person in or out at its own area (QR code value, RFID value or a picked name); the same idempotency key twice records one scan',
    tags,
    access: 'device',
    rateLimit: perDevice,
    body: zKioskAppScanBody,
    response: zSignInOutResult,
    handler: async ({ device, body, emit, t }) => {
      const k = device;
      const result = await scanAtKiosk(services, k, areaOf(k), body);
      await afterSignIn(services, emit, k.entity.id, result);
      return { data: presentResult(result), message: t(result.action === 'in' ? 'signin.signed_in' : 'signin.signed_out', { name: result.scan.full_name }) };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk-app/conditions/{id}',
    summary: "Do these answers to one of the kiosk journey's flows' entry condition pass, and does a wrong answer need a note (rules 210-211)? Asked before the next step",
    tags,
    access: 'device',
    rateLimit: perDevice,
    params: zIdParam,
    body: zKioskConditionsBody,
    response: zKioskConditionsCheck,
    handler: async ({ device, tenant, params, body }) => {
      const k = device;
      return { data: await tenant((tx) => checkConditionAnswers(tx, k, params.id, body)) };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/kiosk-app/hosts/{id}',
    summary: "Hosts a walk-in visitor can pick for one of the kiosk's flows (the flow's host user types, else the console users): names only",
    tags,
    access: 'device',
    rateLimit: perDevice,
    params: zIdParam,
    query: zKioskHostsQuery,
    response: zKioskHosts,
    handler: async ({ device, tenant, params, query }) => {
      const k = device;
      return { data: await tenant((tx) => searchHosts(tx, k, params.id, query.search)) };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk-app/visitor',
    summary: "A walk-in visitor registers at the kiosk (user type of a flow, details, host, custom fields, entry condition, photo, checks) and is signed in",
    tags,
    access: 'device',
    rateLimit: perDevice,
    bodyLimit: 6 * 1024 * 1024,
    body: zKioskVisitorBody,
    response: zSignInOutResult,
    handler: async ({ device, body, emit, t, lang }) => {
      const k = device;
      areaOf(k);
      const result = await walkIn(services, k, body, lang);
      await afterSignIn(services, emit, k.entity.id, result);
      return { data: presentResult(result), message: t('signin.signed_in', { name: result.scan.full_name }) };
    },
  });
});
