import { and, eq, type SQL } from 'drizzle-orm';
import { users, userTypes, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { fieldError, forbidden, notFound } from '../../platform/errors';
import { linkHash } from '../visits';
import { checksOf, type KioskJourney } from './journey';
import { assertNamePick } from './name-pick';

/** The badge QR's value: a fixed prefix and the person's random kiosk code (never their id). */
export const BADGE_PREFIX = 'gatehouse:p:';
export const badgeCode = (kioskCode: string) => `${BADGE_PREFIX}${kioskCode}`;

/**
 * What a QR code holds, as the kiosk reads it: a badge (`gatehouse:p:<code>`), a visit confirmation link
 * (`…/c/<token>`, the pre-registration mail's QR) or the bare token of either.
 */
export function parseCode(raw: string): { kind: 'person' | 'visit' | 'either'; value: string } | null {
  const code = raw.trim();
  if (code.toLowerCase().startsWith(BADGE_PREFIX)) {
    const value = code.slice(BADGE_PREFIX.length);
    return /^[a-f0-9]{32}$/i.test(value) ? { kind: 'person', value: value.toLowerCase() } : null;
  }
  const link = /\/c\/([A-Za-z0-9_-]{20,100})\/?(?:[?#].*)?$/.exec(code);
  if (link) return { kind: 'visit', value: link[1] };
  if (/^[A-Za-z0-9_-]{20,100}$/.test(code)) return { kind: 'either', value: code };
  return null;
}

export interface Identifier {
  user_id?: number;
  code?: string;
  rfid?: string;
  /** With `user_id` (a name picked): the person's quick pass code, where their flow asks one (name-pick.ts). */
  quick_pass?: string;
}

/** The person was picked by name (no code or card read): what the flow asks beyond the name applies. */
export const pickedByName = (who: Identifier) => who.code === undefined && who.rfid === undefined && !!who.user_id;

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  roleId: users.roleId,
  userTypeId: users.userTypeId,
  userType: userTypes.name,
  quickPassCode: users.quickPassCode,
};

async function personWhere(tx: Db, entityId: number, match: SQL) {
  const [row] = await tx
    .select(personColumns)
    .from(users)
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(eq(users.entityId, entityId), match))
    .limit(1);
  return row ?? null;
}

/**
 * The person behind what the kiosk read, in the kiosk's organisation only (another organisation's code is simply
 * unknown). A code or card of an archived person, or a canceled (deleted or rejected) visit, is revoked.
 */
export async function resolvePerson(tx: Db, entityId: number, who: Identifier) {
  if (who.code !== undefined) {
    const parsed = parseCode(who.code);
    if (!parsed) throw notFound('kiosk_app.code_unknown');
    if (parsed.kind !== 'visit') {
      const person = await personWhere(tx, entityId, eq(users.kioskCode, parsed.value.toLowerCase()));
      if (person) {
        if (person.status === 'archived') throw forbidden('kiosk_app.code_revoked');
        return person;
      }
      if (parsed.kind === 'person') throw notFound('kiosk_app.code_unknown');
    }
    const [visit] = await tx
      .select({ userId: visits.userId, status: visits.status, approvalState: visits.approvalState })
      .from(visits)
      .where(and(eq(visits.entityId, entityId), eq(visits.linkTokenHash, linkHash(parsed.value))));
    if (!visit) throw notFound('kiosk_app.code_unknown');
    const person = await personWhere(tx, entityId, eq(users.id, visit.userId));
    if (!person) throw notFound('kiosk_app.code_unknown');
    if (visit.status === 'deleted' || visit.approvalState === 'rejected' || person.status === 'archived') throw forbidden('kiosk_app.code_revoked');
    // Rule 155: the visit's own QR admits nobody until the visit is approved (the sign-in refuses it the same way).
    if (visit.approvalState === 'pending') throw forbidden('signin.visit_awaiting_approval');
    return person;
  }
  if (who.rfid !== undefined) {
    const person = await personWhere(tx, entityId, eq(users.rfid, who.rfid.trim()));
    if (!person) throw notFound('kiosk_app.rfid_unknown');
    if (person.status === 'archived') throw forbidden('kiosk_app.rfid_revoked');
    return person;
  }
  if (who.user_id) {
    const person = await personWhere(tx, entityId, eq(users.id, who.user_id));
    if (!person) throw notFound('signin.person_not_found');
    return person;
  }
  throw fieldError('code', 'kiosk_app.identifier_required');
}
export type ResolvedPerson = Awaited<ReturnType<typeof resolvePerson>>;

/** A kiosk with a journey signs only the people whose user type (or a parent type) has a flow in it. */
export function assertInJourney(journey: KioskJourney | null, person: ResolvedPerson) {
  if (!journey) return null;
  const flow = journey.flowFor(person.userTypeId);
  if (!flow) throw forbidden('kiosk_app.outside_journey');
  return flow;
}

/** Who the kiosk read and what happens next: a sign-out when they are signed in at this area, else a sign-in with its checks. */
export async function identify(tx: Db, entityId: number, areaId: number, journey: KioskJourney | null, who: Identifier) {
  const person = await resolvePerson(tx, entityId, who);
  const flow = assertInJourney(journey, person);
  if (pickedByName(who)) {
    if (person.status === 'archived') throw notFound('signin.person_not_found');
    assertNamePick(flow, person, who.quick_pass);
  }
  const [open] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.entityId, entityId), eq(visits.userId, person.id), eq(visits.status, 'signed_in'), eq(visits.areaId, areaId)))
    .limit(1);
  const checks = journey ? checksOf(journey, flow) : { temperature: false, mask: false };
  return { person, flow, action: open ? ('out' as const) : ('in' as const), checks };
}
