import type { z } from 'zod';
import type { zKioskAppScanBody } from '@gatehouse/contract';
import { withTenant } from '../../platform/db/tenant';
import type { Services } from '../../platform/services';
import { oncePerIdempotencyKey, requestHash, signInOut } from '../signin';
import { admitAtKiosk, readOf } from './admit';
import { type DeviceKiosk, kioskActor } from './device-kiosk';

type Body = z.output<typeof zKioskAppScanBody>;

/**
 * A kiosk signs a person in or out at its own area, in ONE tenant transaction: the person (by what it read), their
 * visits, their flow in the kiosk's journey and the replay check are read by the sign-in's one load statement;
 * the host's mail and the auto sign-out job are queued inside it, with the write and the commit (sign-in-out.ts).
 * The same idempotency key replays the first answer for the same kiosk and content, and answers 409 otherwise.
 */
export function scanAtKiosk(services: Services, k: DeviceKiosk, areaId: number, body: Body) {
  const actor = kioskActor(k);
  const { code, rfid, offline, quick_pass: _quickPass, ...rest } = body;
  const read = readOf(body);
  const full = { ...rest, area_id: areaId, kiosk_id: k.kiosk.id };
  const method = body.input_method ?? (code !== undefined ? 'qr' : rfid !== undefined ? 'rfid' : 'name');
  const bound = body.idempotency_key ? requestHash(`kiosk:${k.kiosk.id}`, body) : undefined;
  return oncePerIdempotencyKey(body.idempotency_key, () =>
    withTenant(services.database.db, actor.entityId, (tx) =>
      signInOut(tx, { outbox: services, actor, body: full, method, read, admit: admitAtKiosk(body, read), recordedOffline: !!offline, endsTransaction: true, requestHash: bound }),
    ),
  );
}
