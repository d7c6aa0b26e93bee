import { DEFAULT_TEMPERATURE_THRESHOLD_C, NOTES_MIN, parseTemperature, type InputMethod, type Scan, type SignInOutBody } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { attendanceCodes, complianceUsers, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { runPrepared, statement } from '../../platform/db/prepared';
import { withCommit } from '../../platform/db/tenant';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { localClock, nextMidnight } from '../../platform/time-zone';
import { evaluateAttendance } from '../attendance';
import { closeOpenVisits } from '../visits';
import { assertAreaAsks, assertHost, assertReadings, assertVisitAdmits, checkFlowCondition, expectedVisitOf, type GivenAnswers, readingsAsked } from './entry-checks';
import { loadSignIn } from './load-sign-in';
import { loadScan } from './load-scans';

export interface SignInOutResult {
  action: 'in' | 'out';
  scan: Scan;
  visitId: number;
  visitStatus: string;
  replayed: boolean;
  /** After the transaction: the host to tell (rule: host told on arrival) and the auto sign-out to schedule. */
  hostMail: { to: string; lang: 'en' | 'ar' | 'es'; host: string; name: string; area: string; time: string } | null;
  autoSignOut: { entityId: number; visitId: number; startAfter: Date } | null;
}

export interface SignInOutOptions {
  actor: MemberActor;
  body: SignInOutBody;
  method: InputMethod;
  /** The time the server takes as now (tests fix it). */
  now?: Date;
  /** Mass actions check access for the whole batch themselves. */
  skipAccessCheck?: boolean;
  /**
   * A kiosk's sign-in kept while the server was unreachable: the person is already inside, so it is recorded
   * without what only the server could ask (host step, entry condition unless answered, the area's asks).
   */
  recordedOffline?: boolean;
  /**
   * Nothing follows the sign-in in the caller's tenant transaction: its commit may travel with the sign-in's
   * write (`withCommit`), one round trip less.
   */
  endsTransaction?: boolean;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The one sign-in/out use case behind every way in (kiosk, console, mass actions): finds the person and their
 * open visit, runs the checks (the readings the flow asks, temperature with rule 227, mask; the flow's host
 * settings and entry condition within its frequency; the area's entry conditions and documents), applies the
 * attendance mode (late and early against the grace periods, reasons, attendance codes), writes the scan and moves
 * the visit. The same
 * idempotency key twice records one scan. Runs in the caller's tenant transaction.
 */
export async function signInOut(tx: Db, opts: SignInOutOptions): Promise<SignInOutResult> {
  const { actor, body } = opts;
  const entityId = actor.entityId;
  const now = opts.now ?? new Date();
  const at = body.at ? new Date(body.at) : now;

  // One round trip: the area, site and kiosk, the person with their mode, reasons, grants and visits.
  const loaded = await loadSignIn(tx, actor, body, at);
  if (!loaded) throw notFound('signin.area_not_found');
  const { place } = loaded;
  if (body.kiosk_id && (!place.kioskId || (place.kioskAreaId !== null && place.kioskAreaId !== place.areaId))) throw fieldError('kiosk_id', 'signin.kiosk_not_found');
  const person = loaded.person;
  if (!person) throw notFound('signin.person_not_found');
  if (person.priorScanId) {
    const scan = (await loadScan(tx, entityId, person.priorScanId))!;
    return { action: scan.direction, scan, visitId: scan.visit_id ?? 0, visitStatus: scan.visit_status ?? '', replayed: true, hostMail: null, autoSignOut: null };
  }
  if (person.status === 'archived') throw fieldError('user_id', 'signin.person_archived');
  if (!opts.skipAccessCheck) {
    // Rules 96 and 100-101, as blockedPeople answers them for a batch.
    if (!place.siteGranted) throw forbidden('signin.out_of_site');
    if (person.userTypeId !== null && !person.typeGranted) throw forbidden('signin.out_of_user_type');
    if (person.modeOutOfAccess) throw forbidden('signin.out_of_mode');
  }

  if (at.getTime() > now.getTime() + 60_000 || at.getTime() < now.getTime() - WEEK_MS) throw fieldError('at', 'signin.at_invalid');

  const theirs = person.visits;
  const open = theirs.find((v) => v.status === 'signed_in' && v.areaId === place.areaId);
  const action: 'in' | 'out' = body.action === 'toggle' ? (open ? 'out' : 'in') : body.action;
  if (action === 'out' && !open) throw fieldError('user_id', 'signin.not_signed_in');
  if (action === 'in' && open) throw fieldError('user_id', 'signin.already_signed_in');

  // Attendance mode (rules 247-253): late or early, the reason given, the code recorded.
  const verdict = evaluateAttendance(person.mode, person.reasons, action, at, place.timezone);
  let reason: (typeof person.reasons)[number] | null = null;
  if (body.reason_id) {
    const wanted = action === 'in' ? 'late_sign_in' : 'early_sign_out';
    const given = person.reasons.find((r) => r.id === body.reason_id && r.type === wanted);
    if (!given) throw fieldError('reason_id', 'signin.reason_outside_mode');
    if (verdict.late || verdict.early) reason = given;
  } else if (verdict.reasons.length) {
    throw fieldError('reason_id', 'signin.reason_required');
  }
  let attendanceCodeId = reason ? reason.attendanceCodeId : verdict.attendanceCodeIfNoReasons;
  if (!attendanceCodeId && body.attendance_code_id && (verdict.late || verdict.early)) attendanceCodeId = body.attendance_code_id;
  let code: { id: number; code: string; name: string } | null = reason?.code ?? null;
  if (attendanceCodeId && !code) {
    const [row] = await tx
      .select({ id: attendanceCodes.id, code: attendanceCodes.code, name: attendanceCodes.name })
      .from(attendanceCodes)
      .where(and(eq(attendanceCodes.id, attendanceCodeId), eq(attendanceCodes.entityId, entityId)));
    if (!row) throw fieldError('attendance_code_id', 'attendance.code_not_found');
    code = row;
  }

  // Checks on the way in: the readings the flow asks for, rule 227, and notes justifying a failed check.
  const flow = person.flow;
  let temperature: number | null = null;
  let mask: boolean | null = null;
  const usesJourneyThreshold = place.journeyChecks.temperature || !!flow?.temperatureCheck;
  const threshold = (usesJourneyThreshold ? place.temperatureThreshold : null) ?? DEFAULT_TEMPERATURE_THRESHOLD_C;
  if (action === 'in') {
    assertReadings(readingsAsked(place, flow), body);
    if (body.temperature !== undefined) {
      const reading = parseTemperature(body.temperature);
      if (!reading) throw fieldError('temperature', 'signin.temperature_invalid');
      temperature = reading.celsius;
    }
    mask = body.mask ?? null;
    const failed = (temperature !== null && temperature >= threshold) || mask === false;
    if (failed && (body.notes ?? '').length < NOTES_MIN) throw badRequest({ notes: ['signin.check_failed_notes'] }, 'signin.check_failed_notes');
  }

  // Rule 155: a visit awaiting approval (or rejected) admits nobody; a sign-in kept offline is recorded (the person
  // is inside already, and offline the kiosk could check nothing: docs/kiosk-protocol.md, Offline).
  if (action === 'in' && !opts.recordedOffline) assertVisitAdmits(theirs);
  const expectedVisit = action === 'in' ? expectedVisitOf(theirs) : undefined;
  const hostId = body.host_user_id ?? (action === 'in' ? expectedVisit?.hostUserId : open?.hostUserId) ?? null;
  let host: { id: number; email: string | null; firstName: string; lastName: string; lang: 'en' | 'ar' | 'es'; userTypeId: number | null } | null = null;
  if (hostId) {
    const [h] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, lang: users.lang, userTypeId: users.userTypeId })
      .from(users)
      .where(and(eq(users.id, hostId), eq(users.entityId, entityId)));
    if (!h && body.host_user_id) throw fieldError('host_user_id', 'signin.host_not_found');
    host = h ?? null;
  }
  // The flow's host settings, its entry condition within its frequency, the area's conditions and documents.
  let given: GivenAnswers | null = null;
  if (action === 'in') {
    const offline = !!opts.recordedOffline;
    if (!offline) assertHost(flow, host?.id ?? null, body.host_user_id ? host : null);
    if (!offline || body.compliance) given = checkFlowCondition(flow, { at, timeZone: place.timezone, expected: expectedVisit, body, temperature, threshold });
    if (!offline) assertAreaAsks(person.areaAsks, { at, timeZone: place.timezone, flowConditionId: flow?.condition?.id ?? null });
  }

  // The visit moves (expected today or new -> signed in; signed in -> signed out) and the scan is written, in
  // one statement: the visit's insert or update is a data-modifying CTE the scan's insert reads its id from.
  if (action === 'in') {
    const elsewhere = theirs.filter((v) => v.status === 'signed_in').map((v) => v.id);
    if (elsewhere.length) await closeOpenVisits(tx, { entityId, visitIds: elsewhere, status: 'signed_out', method: 'area_change', at });
  }
  const expected = action === 'in' ? expectedVisit : undefined;
  const reasonId = reason?.id ?? null;
  // The scan's values ($1-$14), then the visit's: the same for every variant, so each is a statement built once.
  const scanValues = [entityId, person.id, place.areaId, body.kiosk_id ?? null, action, opts.method, verdict.late, verdict.early, reasonId, attendanceCodeId, temperature, mask, body.notes ?? null, at];
  const send = () =>
    action === 'out'
      ? runPrepared<WrittenRow>(tx, SIGN_OUT, [...scanValues, body.idempotency_key ?? null, actor.userId, open!.id])
      : runPrepared<WrittenRow>(tx, expected ? SIGN_IN_EXPECTED : SIGN_IN_NEW, [
          ...scanValues,
          body.idempotency_key ?? null,
          actor.userId,
          expected?.id ?? person.userTypeId,
          place.siteId,
          opts.method,
          person.mode?.id ?? null,
          host?.id ?? null,
          flow?.id ?? null,
        ]);
  // The commit travels with the write, unless the answers' row still follows.
  const [row] = await (opts.endsTransaction && !given ? withCommit(tx, send) : send());
  const scan = { id: Number(row.id) };
  const visitId = Number(row.visit_id);
  // Answers given with the sign-in are kept with its visit and scan (rule 214), the version they answered.
  if (given) {
    await tx.insert(complianceUsers).values({
      entityId,
      userId: person.id,
      complianceId: given.condition.id,
      complianceVersionId: given.condition.versionId,
      visitId,
      scanId: scan.id,
      areaId: place.areaId,
      userTypeId: person.userTypeId,
      answers: given.evaluation.answers,
      notes: body.notes ?? null,
      maskFailed: given.evaluation.maskFailed,
      temperature,
      temperatureFailed: given.evaluation.temperatureFailed,
      isWrong: given.evaluation.isWrong,
      status: given.evaluation.status,
      source: body.kiosk_id ? 'kiosk' : 'console',
    });
  }
  const visitStatus = action === 'in' ? 'signed_in' : 'signed_out';

  const name = `${person.firstName} ${person.lastName}`.trim();
  const ref = (id: number | null | undefined, n: string | null | undefined) => (id ? { id, name: n ?? '' } : null);
  const presented: Scan = {
    id: scan.id,
    visit_id: visitId,
    user_id: person.id,
    full_name: name,
    email: person.email,
    user_type: ref(person.userTypeId, person.userTypeName),
    site: ref(place.siteId, place.siteName),
    area: ref(place.areaId, place.areaName),
    kiosk: ref(place.kioskId, place.kioskName),
    direction: action,
    type: action === 'in' ? 'sign_in' : 'sign_out',
    input_method: opts.method,
    at: at.toISOString(),
    late: verdict.late ? 1 : 0,
    early: verdict.early ? 1 : 0,
    reason: ref(reason?.id, reason?.name),
    attendance_code: code,
    temperature,
    mask: mask === null ? null : mask ? 1 : 0,
    notes: body.notes ?? null,
    visit_status: visitStatus,
    host: host ? { id: host.id, name: `${host.firstName} ${host.lastName}`.trim() } : null,
  };
  return {
    action,
    scan: presented,
    visitId,
    visitStatus,
    replayed: false,
    hostMail:
      action === 'in' && host?.email
        ? { to: host.email, lang: host.lang, host: `${host.firstName} ${host.lastName}`.trim(), name, area: place.areaName, time: localClock(at, place.timezone).time.slice(0, 5) }
        : null,
    autoSignOut: action === 'in' && place.autoSignOutMode !== 'none' ? { entityId, visitId, startAfter: nextMidnight(at, place.timezone) } : null,
  };
}

interface WrittenRow {
  id: number;
  visit_id: number;
}

// The visit moves and the scan is written in ONE statement: the visit's insert or update is a data-modifying CTE
// the scan's insert reads its id from. $1-$14: organisation, person, area, kiosk, direction, input method, late,
// early, reason, attendance code, temperature (Celsius), mask, notes, time; $15 idempotency key, $16 the actor.
const SCAN_INSERT = `insert into scans (entity_id, visit_id, user_id, area_id, kiosk_id, direction, method, late, early, reason_id,
    attendance_code_id, temperature, mask, notes, at, idempotency_key, actor_user_id)
  values ($1, (select id from written_visit), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
  returning id, visit_id`;
/** Signed in -> signed out; $17 the open visit. */
const SIGN_OUT = statement(`with written_visit as (
    update visits set status = 'signed_out', signed_out_at = $14, early_sign_out = $8, sign_out_reason_id = $9, updated_at = now()
    where id = $17 and entity_id = $1 returning id)
  ${SCAN_INSERT}`);
/** The sign-in's visit columns: $18 site, $19 sign-in method, $20 attendance mode, $21 host, $22 the person's flow. */
const SIGNED_IN = `status = 'signed_in', site_id = $18, area_id = $3, signed_in_at = $14, sign_in_method = $19, kiosk_id = $4,
    attendance_mode_id = $20, late_sign_in = $7, sign_in_reason_id = $9, attendance_code_id = $10, temperature = $11, mask = $12,
    notes = $13, host_user_id = $21, journey_flow_id = coalesce(journey_flow_id, $22)`;
/** An expected visit (today, here) is signed in; $17 the visit. */
const SIGN_IN_EXPECTED = statement(`with written_visit as (
    update visits set ${SIGNED_IN}, updated_at = now() where id = $17 and entity_id = $1 returning id)
  ${SCAN_INSERT}`);
/** A new visit, signed in; $17 the person's user type. */
const SIGN_IN_NEW = statement(`with written_visit as (
    insert into visits (entity_id, user_id, user_type_id, status, site_id, area_id, signed_in_at, sign_in_method, kiosk_id,
      attendance_mode_id, late_sign_in, sign_in_reason_id, attendance_code_id, temperature, mask, notes, host_user_id, journey_flow_id)
    values ($1, $2, $17, 'signed_in', $18, $3, $14, $19, $4, $20, $7, $9, $10, $11, $12, $13, $21, $22) returning id)
  ${SCAN_INSERT}`);

/**
 * A sign-in in its own tenant transaction (`run` opens it). Two requests with the same idempotency key at the same
 * moment both find no prior scan; the unique key lets one commit and fails the other, which then runs again and
 * answers the first one's scan as a replay: one scan, both answered.
 */
export function signInOutOnce(run: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>, opts: SignInOutOptions): Promise<SignInOutResult> {
  return oncePerIdempotencyKey(opts.body.idempotency_key, () => run((tx) => signInOut(tx, { ...opts, endsTransaction: true })));
}

/** Runs `attempt` (a whole tenant transaction) again once when it lost an idempotency race (see signInOutOnce). */
export async function oncePerIdempotencyKey<T>(key: string | null | undefined, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (!key || !isIdempotencyRace(err)) throw err;
    return attempt();
  }
}

function isIdempotencyRace(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505' && e.constraint === 'scans_entity_idempotency_uq') return true;
  }
  return false;
}
