import { hashToken, sameHash } from '../../platform/auth/tokens';
import { badRequest } from '../../platform/errors';
/** A flow as the journey (kiosk-app/journey.ts) or the sign-in's load (signin) has it: how it identifies people. */
type Flow = { flow: { inputMethod: string } } | null;

/**
 * How a flow identifies people (its input method, seed 001): by name (`manual`), or by something they carry or
 * are (`qr` their quick pass or visit QR code, `rfid` their card, `face_id`, `passport`, `remote`). Picking a name
 * at the kiosk is enough only for a `manual` flow; any other flow asks, with the name, the person's quick pass
 * code (the code the console mails with "send quick pass instructions"), so that nobody signs someone else in or
 * out by tapping their name (docs/decisions.md). Without a journey (no flow) the name is enough.
 */
export const asksQuickPass = (flow: Flow) => !!flow && flow.flow.inputMethod !== 'manual';

/** Compares a typed quick pass code with the person's, ignoring case and spaces, in constant time. */
const sameCode = (typed: string, theirs: string) => sameHash(hashToken(typed.replace(/\s+/g, '').toUpperCase()), hashToken(theirs.toUpperCase()));

/**
 * A person picked by name signs in or out only with what their flow asks beyond the name: their quick pass code
 * (400 on the `quick_pass` field: asked, wrong, or none on file).
 */
export function assertNamePick(flow: Flow, person: { quickPassCode: string | null }, quickPass: string | undefined) {
  if (!asksQuickPass(flow)) return;
  if (!person.quickPassCode) throw badRequest({ quick_pass: ['kiosk_app.quick_pass_none'] }, 'kiosk_app.quick_pass_none');
  if (!quickPass) throw badRequest({ quick_pass: ['kiosk_app.quick_pass_required'] }, 'kiosk_app.quick_pass_required');
  if (!sameCode(quickPass, person.quickPassCode)) throw badRequest({ quick_pass: ['kiosk_app.quick_pass_wrong'] }, 'kiosk_app.quick_pass_wrong');
}
