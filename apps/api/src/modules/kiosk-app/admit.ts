import { fieldError, forbidden, notFound } from '../../platform/errors';
import type { LoadedSignIn, Read } from '../signin';
import { linkHash } from '../visits';
import { type Identifier, parseCode, pickedByName } from './codes';
import { assertNamePick } from './name-pick';

/** What the kiosk read, as the sign-in's load finds it (no database yet: a code that is no code is unknown). */
export function readOf(who: Identifier): Read | undefined {
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
export const admitAtKiosk = (body: Identifier, read: Read | undefined) => (loaded: LoadedSignIn) => {
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

