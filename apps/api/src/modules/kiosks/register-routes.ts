import { KIOSK_NAMESPACE, zIdParam, zKioskPollBody, zKioskRegisterAnswer, zKioskRegisterBody, zKioskRegisterPoll, zKioskSetupFile } from '@gatehouse/contract';
import { defineRoutes } from '../../platform/http/route';
import { reachableSite } from '../sites';
import { createSetupToken, pollPairing, registerWithSetupToken, startPairing } from './pairing';

const POLL_MS = 3000;

export default defineRoutes((r, services) => {
  const db = services.database.db;
  const connection = { server_url: services.config.publicUrl, namespace: KIOSK_NAMESPACE };

  r.route({
    method: 'POST',
    url: '/api/kiosk-register',
    summary: 'Public (the /kiosk-register page): a pairing code for the device, or registration with a set-up file token',
    tags: ['kiosks'],
    access: 'public',
    rateLimit: { max: 30, timeWindow: 60_000 },
    body: zKioskRegisterBody,
    response: zKioskRegisterAnswer,
    handler: async ({ body }) => {
      const { registration_token, ...device } = body;
      if (registration_token) {
        const done = await registerWithSetupToken(db, registration_token, device);
        return { data: { status: 'registered' as const, ...done, ...connection } };
      }
      const started = await startPairing(db, device);
      return { data: { status: 'pending' as const, ...started, poll_ms: POLL_MS } };
    },
  });

  r.route({
    method: 'POST',
    url: '/api/kiosk-register/poll',
    summary: 'Public: the device waits for an admin to add it; then receives its own device token, once',
    tags: ['kiosks'],
    access: 'public',
    rateLimit: { max: 120, timeWindow: 60_000 },
    body: zKioskPollBody,
    response: zKioskRegisterPoll,
    handler: async ({ body }) => {
      const done = await pollPairing(db, body.registration_id, body.secret);
      if (!done) return { data: { status: 'waiting' as const, poll_ms: POLL_MS } };
      return { data: { status: 'registered' as const, ...done, ...connection } };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/generate_exe/{id}',
    summary: 'The set-up file of a kiosk installation for a site: server address and a single-use registration token',
    tags: ['kiosks'],
    permission: 'sites_devices',
    standalone: true,
    params: zIdParam,
    response: zKioskSetupFile,
    handler: async ({ actor, params, tenant, reply, audit }) => {
      const { site, setup } = await tenant(async (tx) => {
        const s = await reachableSite(tx, actor, params.id);
        const token = await createSetupToken(tx, actor.entityId, s.id);
        await audit(tx, 'create', 'kiosk_setup_file', s.id);
        return { site: s, setup: token };
      });
      reply.header('content-disposition', `attachment; filename="gatehouse-kiosk-site-${site.id}.json"`);
      return {
        ...connection,
        register_path: '/api/kiosk-register',
        entity_id: actor.entityId,
        site_id: site.id,
        site_name: site.name,
        registration_token: setup.token,
        expires_at: setup.expiresAt.toISOString(),
      };
    },
  });
});
