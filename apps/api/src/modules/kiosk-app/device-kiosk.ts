import type { FastifyRequest } from 'fastify';
import { type Device, deviceActor, deviceToken, resolveDevice } from '../../platform/auth/device-caller';
import { unauthenticated } from '../../platform/errors';
import type { Services } from '../../platform/services';

export { deviceToken };

/**
 * The active kiosk behind the request's device token, with its organisation, site and area (401 otherwise: a
 * deregistered kiosk's token stops working at once). Routes declare `access: 'device'` and read `ctx.device`.
 */
export async function deviceKiosk(services: Services, req: FastifyRequest): Promise<Device> {
  const found = await resolveDevice(services.database.db, deviceToken(req));
  if (!found) throw unauthenticated('kiosk_app.device_token');
  return found;
}

export type DeviceKiosk = Device;

/** The kiosk acting for itself in the sign-in use case (platform/auth/device-caller.ts). */
export const kioskActor = deviceActor;
