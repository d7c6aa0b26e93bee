import { notFound } from '../../platform/errors';
import type { Db } from '../../platform/db/client';
import { asksOnArrival, loadSignIn, readingsAsked } from '../signin';
import { admitAtKiosk, readOf } from './admit';
import { type Identifier, pickedByName } from './codes';
import { type DeviceKiosk, kioskActor } from './device-kiosk';

/**
 * Who the kiosk read and what happens next, decided by the sign-in's own load (one statement: the person by what
 * was read, their visit, their flow in the kiosk's journey) and the kiosk's own rules on it, exactly as the scan
 * decides them (admit.ts): a sign-out when they are signed in at this area, else a sign-in with the readings and
 * what the flow asks on the way in. Without a journey the kiosk's own settings decide the readings.
 */
export async function identify(tx: Db, k: DeviceKiosk, areaId: number, who: Identifier) {
  const read = readOf(who);
  const at = new Date();
  const loaded = await loadSignIn(tx, kioskActor(k), { area_id: areaId, kiosk_id: k.kiosk.id, user_id: who.user_id, action: 'in' }, at, read);
  if (!loaded) throw notFound('signin.area_not_found');
  // A name picked: nobody of that id here, or archived (a code or card of an archived person is revoked: admit.ts).
  if (pickedByName(who) && (!loaded.person || loaded.person.status === 'archived')) throw notFound('signin.person_not_found');
  admitAtKiosk(who, read)(loaded);
  const person = loaded.person!;
  const open = person.visits.some((v) => v.status === 'signed_in' && v.areaId === areaId);
  const readings = loaded.place.journeyId
    ? readingsAsked(loaded.place, person.flow)
    : { temperature: !!k.kiosk.settings?.temperature_unit, mask: !!k.kiosk.settings?.temperature_unit };
  return { person, action: open ? ('out' as const) : ('in' as const), readings, asks: open ? null : asksOnArrival(loaded, at) };
}
