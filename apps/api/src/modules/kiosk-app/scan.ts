import type { z } from 'zod';
import type { zKioskAppScanBody } from '@gatehouse/contract';
import { withTenant } from '../../platform/db/tenant';
import { fieldError, forbidden, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { oncePerIdempotencyKey, requestHash, signInOut, type LoadedSignIn, type Read } from '../signin';
import { linkHash } from '../visits';
import { type DeviceKiosk, kioskActor } from './device-kiosk';
import { type Identifier, parseCode, pickedByName } from './identify';
import { assertNamePick } from './name-pick';

type Body = z.output<typeof zKioskAppScanBody>;

/** What the kiosk read, as the sign-in's load finds it (no database yet: a code that is no code is unknown). */
function readOf(who: Identifier): Read | undefined {
  if (who.code !== undefined) {
    const parsed = parseCode(who.code);
    if (!parsed) throw notFound('kiosk_app.code_unknown');
    if (parsed.kind === 'person') return { kind: 'kiosk_code', value: parsed.value };
    if (parsed.kind === 'visit') return { kind: 'visit', hash: linkHash(parsed.value) };
    return { kind: 'either', value: parsed.value.toLowerCase(), hash: linkHash(parsed.value) };
  }
  if (who.rfid !== undefined) return { kind: 'rfid', value: who.rfid.trim() };
  if (!who.user_id) throw fieldError('code', 'kiosk_app.identifier_required');
  return undefined;
}

/**
 * The kiosk's own rules on what the load found, before the sign-in decides anything: the person behind a code or
 * card of this organisation (another organisation's is simply unknown), a revoked badge, card or visit (archived
 * person, deleted or rejected visit), a visit still awaiting approval (rule 155), a person the kiosk's journey does
 * not sign (no flow for their user type or its parents: the flow the load found, the one the sign-in follows), and
 * a name picked without what the flow asks beyond it (its quick pass code).
 */
const admitAtKiosk = (body: Body, read: Read | undefined) => (loaded: LoadedSignIn) => {
  const person = loaded.person;
  if (read?.kind === 'rfid') {
    if (!person) throw notFound('kiosk_app.rfid_unknown');
    if (person.status === 'archived') throw forbidden('kiosk_app.rfid_revoked');
  } else if (read?.kind === 'kiosk_code' || (read?.kind === 'either' && person?.kioskCode === read.value)) {
    if (!person) throw notFound('kiosk_app.code_unknown');
    if (person.status === 'archived') throw forbidden('kiosk_app.code_revoked');
  } else if (read) {
    const visit = loaded.readVisit;
    if (!visit || !person) throw notFound('kiosk_app.code_unknown');
    if (visit.status === 'deleted' || visit.approvalState === 'rejected' || person.status === 'archived') throw forbidden('kiosk_app.code_revoked');
    // Rule 155: the visit's own QR admits nobody until the visit is approved.
    if (visit.approvalState === 'pending') throw forbidden('signin.visit_awaiting_approval');
  }
  if (!person) return;
  if (loaded.place.journeyId && !person.flow) throw forbidden('kiosk_app.outside_journey');
  if (pickedByName(body)) assertNamePick(person.flow && { flow: person.flow }, person, body.quick_pass);
};

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
