import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inLane, type Lane } from '../db/lanes';

/** URLs whose caller is a device or a health check: served first when they wait for a database connection. */
const DEVICE_PATHS = ['/api/kiosk-app/', '/api/health'];

/** The lane a request's database work waits in (`platform/db/lanes.ts`): a kiosk's call goes before the console's. */
export function laneOf(req: FastifyRequest): Lane {
  if ((req.routeOptions.config as { access?: string } | undefined)?.access === 'device') return 'device';
  return DEVICE_PATHS.some((p) => req.url.startsWith(p)) ? 'device' : 'console';
}

/**
 * Enters the request's lane before any other hook (the caller's identity is looked up in it too). Reading a body
 * continues on the socket's own context, so route handlers enter it again (`route.ts`).
 */
export function registerLanes(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => inLane(laneOf(req), done));
}
