import { DEFAULT_TEMPERATURE_THRESHOLD_C, failsTemperature, NOTES_MIN, parseTemperature, temperatureThreshold, type InputMethod, type Scan, type SignInOutBody } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { attendanceCodes, complianceUsers } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { runPrepared, statement } from '../../platform/db/prepared';
import { withCommit } from '../../platform/db/tenant';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { jobsIn } from '../../platform/jobs';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { localClock, nextMidnight } from '../../platform/time-zone';
import { evaluateAttendance } from '../attendance';
import { closeOpenVisits } from '../visits';
import { assertAreaAsks, assertHost, assertReadings, assertVisitAdmits, checkFlowCondition, expectedVisitOf, type GivenAnswers, readingsAsked } from './entry-checks';
import { AUTO_SIGN_OUT_JOB } from './auto-sign-out';
import { assertSameRequest, callerOf, requestHash } from './idempotency';
import { type LoadedSignIn, loadSignIn, type Read, type SignInHost } from './load-sign-in';
import { loadScan } from './load-scans';

export interface SignInOutResult {
  action: 'in' | 'out';
  scan: Scan;
  visitId: number;
  visitStatus: string;
  replayed: boolean;
}

export interface SignInOutOptions {
  /**
   * Where what follows a sign-in is queued, INSIDE its transaction (created with its commit, never without it): the
   * host's mail and the area's auto sign-out job.
   */
  outbox: Pick<Services, 'mail' | 'jobs'>;
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
  /** What a kiosk read (a QR code or an RFID card): the person is found by it in the sign-in's own load. */
  read?: Read;
  /**
   * The caller's own rules on what the load found, before anything is decided (a kiosk: an unknown or revoked code,
   * a visit awaiting approval, a person outside its journey, a name picked without the quick pass).
   */
  admit?: (loaded: LoadedSignIn) => void;
  /** What the idempotency key is bound to (idempotency.ts); by default the member acting (or kiosk) and the body. */
  requestHash?: string;
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

  // One round trip: the area, site, kiosk and journey, a replay, the person with their flow, mode, reasons, grants
  // and visits.
  const loaded = await loadSignIn(tx, actor, body, at, opts.read);
  if (!loaded) throw notFound('signin.area_not_found');
  const { place } = loaded;
  if (body.kiosk_id && (!place.kioskId || (place.kioskAreaId !== null && place.kioskAreaId !== place.areaId))) throw fieldError('kiosk_id', 'signin.kiosk_not_found');
  const hash = body.idempotency_key ? (opts.requestHash ?? requestHash(callerOf(actor, body.kiosk_id), body)) : null;
  if (loaded.prior) {
    // The same key again: the first answer for the same request, 409 for any other (nobody signs in).
    assertSameRequest(loaded.prior, hash!, loaded.person?.id);
    const scan = (await loadScan(tx, entityId, loaded.prior.id))!;
    return { action: scan.direction, scan, visitId: scan.visit_id ?? 0, visitStatus: scan.visit_status ?? '', replayed: true };
  }
  opts.admit?.(loaded);
  const person = loaded.person;
  if (!person) throw notFound('signin.person_not_found');
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
  const threshold = usesJourneyThreshold ? temperatureThreshold(place.temperatureThreshold) : DEFAULT_TEMPERATURE_THRESHOLD_C;
  if (action === 'in') {
    assertReadings(readingsAsked(place, flow), body);
    if (body.temperature !== undefined) {
      const reading = parseTemperature(body.temperature);
      if (!reading) throw fieldError('temperature', 'signin.temperature_invalid');
      temperature = reading.celsius;
    }
    mask = body.mask ?? null;
    const failed = (temperature !== null && failsTemperature(temperature, threshold)) || mask === false;
    if (failed && (body.notes ?? '').length < NOTES_MIN) throw badRequest({ notes: ['signin.check_failed_notes'] }, 'signin.check_failed_notes');
  }

  // Rule 155: a visit awaiting approval (or rejected) admits nobody; a sign-in kept offline is recorded (the person
  // is inside already, and offline the kiosk could check nothing: docs/kiosk-protocol.md, Offline).
  if (action === 'in' && !opts.recordedOffline) assertVisitAdmits(theirs);
  const expectedVisit = action === 'in' ? expectedVisitOf(theirs) : undefined;
  // The host named, else the expected visit's (on the way in) or the open visit's (on the way out): loaded already.
  if (body.host_user_id && !loaded.namedHost) throw fieldError('host_user_id', 'signin.host_not_found');
  const host: SignInHost | null = body.host_user_id ? loaded.namedHost : ((action === 'in' ? expectedVisit?.host : open?.host) ?? null);
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
  const name = `${person.firstName} ${person.lastName}`.trim();

  // What follows is queued inside the transaction, with the write: the host's mail of an arrival in their language,
  // and the area's auto sign-out (rule 231; a job that survives a restart). A new visit's id was taken with the load.
  const follow: Promise<unknown>[] = [];
  const queued = (p: Promise<unknown>) => {
    p.catch(() => undefined); // awaited below; a failure there fails the sign-in (its commit became a rollback)
    follow.push(p);
  };
  const queueFollowUps = (visitId: number) => {
    if (action !== 'in') return;
    if (host?.email) {
      const vars = { name, host: `${host.firstName} ${host.lastName}`.trim(), area: place.areaName, time: made(localClock(at, place.timezone).time.slice(0, 5)) };
      queued(opts.outbox.mail.queue({ to: host.email, ...composeMail(host.lang, { subject: 'signin.host_mail_subject', body: 'signin.host_mail_text' }, vars) }, { tx }));
    }
    if (place.autoSignOutMode !== 'none' && opts.outbox.jobs.started) {
      queued(opts.outbox.jobs.send(AUTO_SIGN_OUT_JOB, { entityId, visitId }, { startAfter: nextMidnight(at, place.timezone), singletonKey: `visit-${visitId}`, db: jobsIn(tx) }));
    }
  };
  const newVisitId = place.nextVisitId;

  // The scan's values ($1-$14), then the visit's: the same for every variant, so each is a statement built once.
  const scanValues = [entityId, person.id, place.areaId, body.kiosk_id ?? null, action, opts.method, verdict.late, verdict.early, reasonId, attendanceCodeId, temperature, mask, body.notes ?? null, at, body.idempotency_key ?? null, actor.userId, hash];
  const write = () =>
    action === 'out'
      ? runPrepared<WrittenRow>(tx, SIGN_OUT, [...scanValues, open!.id])
      : expected
        ? runPrepared<WrittenRow>(tx, SIGN_IN_EXPECTED, [...scanValues, expected.id, place.siteId, opts.method, person.mode?.id ?? null, host?.id ?? null, flow?.id ?? null])
        : runPrepared<WrittenRow>(tx, SIGN_IN_NEW, [...scanValues, person.userTypeId, place.siteId, opts.method, person.mode?.id ?? null, host?.id ?? null, flow?.id ?? null, newVisitId]);
  // The write, its follow-ups and the commit leave together (one round trip), unless the answers' row still
  // follows: the follow-ups then go with it, once the visit's id is known.
  const knownVisitId = action === 'in' ? (expected?.id ?? newVisitId) : null;
  const early = !given && (action !== 'in' || knownVisitId !== null || place.autoSignOutMode === 'none');
  const send = () => {
    const written = write();
    if (early) queueFollowUps(knownVisitId ?? 0);
    return written;
  };
  const [row] = await (opts.endsTransaction && early ? withCommit(tx, send) : send());
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
  if (!early) queueFollowUps(visitId);
  await Promise.all(follow);
  const visitStatus = action === 'in' ? 'signed_in' : 'signed_out';

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
  };
}

interface WrittenRow {
  id: number;
  visit_id: number;
}

// The visit moves and the scan is written in ONE statement: the visit's insert or update is a data-modifying CTE
// the scan's insert reads its id from. $1-$14: organisation, person, area, kiosk, direction, input method, late,
// early, reason, attendance code, temperature (Celsius), mask, notes, time; $15 idempotency key, $16 the actor,
// $17 what the key is bound to (idempotency.ts).
const SCAN_INSERT = `insert into scans (entity_id, visit_id, user_id, area_id, kiosk_id, direction, method, late, early, reason_id,
    attendance_code_id, temperature, mask, notes, at, idempotency_key, actor_user_id, request_hash)
  values ($1, (select id from written_visit), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
  returning id, visit_id`;
/** Signed in -> signed out; $18 the open visit. */
const SIGN_OUT = statement(`with written_visit as (
    update visits set status = 'signed_out', signed_out_at = $14, early_sign_out = $8, sign_out_reason_id = $9, updated_at = now()
    where id = $18 and entity_id = $1 returning id)
  ${SCAN_INSERT}`);
/** The sign-in's visit columns: $19 site, $20 sign-in method, $21 attendance mode, $22 host, $23 the person's flow. */
const SIGNED_IN = `status = 'signed_in', site_id = $19, area_id = $3, signed_in_at = $14, sign_in_method = $20, kiosk_id = $4,
    attendance_mode_id = $21, late_sign_in = $7, sign_in_reason_id = $9, attendance_code_id = $10, temperature = $11, mask = $12,
    notes = $13, host_user_id = $22, journey_flow_id = coalesce(journey_flow_id, $23)`;
/** An expected visit (today, here) is signed in; $18 the visit. */
const SIGN_IN_EXPECTED = statement(`with written_visit as (
    update visits set ${SIGNED_IN}, updated_at = now() where id = $18 and entity_id = $1 returning id)
  ${SCAN_INSERT}`);
/** A new visit, signed in; $18 the person's user type, $24 its id when the load took one (else the next). */
const SIGN_IN_NEW = statement(`with written_visit as (
    insert into visits (id, entity_id, user_id, user_type_id, status, site_id, area_id, signed_in_at, sign_in_method, kiosk_id,
      attendance_mode_id, late_sign_in, sign_in_reason_id, attendance_code_id, temperature, mask, notes, host_user_id, journey_flow_id)
    overriding system value
    values (coalesce($24::int, nextval('visits_id_seq')::int), $1, $2, $18, 'signed_in', $19, $3, $14, $20, $4, $21, $7, $9, $10, $11, $12, $13, $22, $23) returning id)
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
