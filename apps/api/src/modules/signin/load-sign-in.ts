import type { SignInOutBody } from '@gatehouse/contract';
import type { MemberActor } from '../../platform/auth/actor';
import { grantTests } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { runPrepared, statement, type Statement } from '../../platform/db/prepared';
import { fieldError } from '../../platform/errors';
import { sql } from 'drizzle-orm';
import { type ComplianceQuestion, userTypes, visits } from '../../db/schema/index';
import type { ModeRules } from '../attendance';

export interface SignInPlace {
  areaId: number;
  areaName: string;
  siteId: number;
  siteName: string;
  timezone: string;
  autoSignOutMode: string;
  kioskId: number | null;
  kioskName: string | null;
  kioskAreaId: number | null;
  /** Rule 96: the actor may act at this site (always true for an actor with every site). */
  siteGranted: boolean;
  /** The journey's (the kiosk's, else the area's) temperature threshold: it applies when the journey or the person's flow checks temperature. */
  temperatureThreshold: number | null;
  /** The journey's own checks (rule 196), asked of everyone it signs in, with or without a flow. */
  journeyChecks: { temperature: boolean; mask: boolean };
  /** The journey the kiosk (else the area) runs: with one, only people with a flow in it sign in there. */
  journeyId: number | null;
  /**
   * A visit id taken from its sequence with the load, where a sign-in queues its auto sign-out job (the area signs
   * out automatically): a new visit gets it, so that the job is queued with the visit's write, in one round trip.
   */
  nextVisitId: number | null;
}

/** The scan already recorded with the request's idempotency key (the request is a replay, or a key reused). */
export interface PriorScan {
  id: number;
  userId: number;
  /** The caller and content the key was first sent with (null: recorded before keys were bound). */
  requestHash: string | null;
}

/** A person as a host: who is told of an arrival. */
export interface SignInHost {
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  lang: 'en' | 'ar' | 'es';
  userTypeId: number | null;
}

export interface SignInReason {
  id: number;
  name: string;
  type: 'late_sign_in' | 'early_sign_out';
  attendanceCodeId: number | null;
  code: { id: number; code: string; name: string } | null;
}

export interface SignInVisit {
  id: number;
  status: string;
  areaId: number | null;
  hostUserId: number | null;
  /** The visit's host (their mail goes out with an arrival). */
  host: SignInHost | null;
  expectedAt: Date | null;
  /** Rule 155: an expected visit of a type needing approval admits nobody until approved ('pending', 'rejected'). */
  approvalState?: string;
  /** An expected visit's passing answer to the flow's entry condition (online link or front desk, rule 214). */
  conditionPassed?: boolean;
}

/** An entry condition (rules 205-210) as the sign-in checks it: its current version and the person's last pass. */
export interface SignInCondition {
  id: number;
  name: string;
  versionId: number;
  questions: ComplianceQuestion[];
  validDays: number | null;
  lastPassedAt: Date | null;
}

/**
 * The flow the person follows in the journey (rule 197): their user type's, else the nearest parent type's, with
 * its checks, host settings (rule 194) and entry condition with its frequency (rule 198).
 */
export interface SignInFlow {
  id: number;
  /** How the flow identifies people (a name picked is enough only for `manual`: kiosk-app/name-pick.ts). */
  inputMethod: string;
  temperatureCheck: boolean;
  maskCheck: boolean;
  hostRequired: boolean;
  allowNoHost: boolean;
  hostUserTypeIds: number[];
  frequency: string;
  condition: SignInCondition | null;
}

/** What the area asks of everyone entering it (rule 230): entry conditions and document types. */
export interface AreaAsks {
  conditions: { id: number; name: string; validDays: number | null; lastPassedAt: Date | null }[];
  /** Each required document type with the latest expiry among the person's valid documents of it ('infinity': none expires; null: none valid). */
  documents: { id: number; name: string; validUntil: string | null }[];
}

export interface SignInPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  userTypeId: number | null;
  userTypeName: string | null;
  status: string;
  mode: (ModeRules & { name: string }) | null;
  reasons: SignInReason[];
  /** Rule 96: the actor may act on this person's user type. */
  typeGranted: boolean;
  /** Rule 101: the actor's attendance-mode grants leave out this person's mode. */
  modeOutOfAccess: boolean;
  /** Their kiosk code (the badge's QR) and quick pass code (asked with a name picked at a kiosk). */
  kioskCode: string;
  quickPassCode: string | null;
  /** Their signed-in visits anywhere and today's expected visits here (within 12 hours of `at`). */
  visits: SignInVisit[];
  flow: SignInFlow | null;
  areaAsks: AreaAsks;
}

type Match = 'id' | 'email' | 'phone' | 'id_number' | Read['kind'];
const MATCH: Record<Match, string> = {
  id: 'u.id = $5',
  email: 'lower(u.email) = lower($5)',
  phone: 'u.phone = $5',
  id_number: 'u.id_number = $5',
  kiosk_code: 'u.kiosk_code = $5',
  rfid: 'u.rfid = $5',
  visit: 'u.id = (select tv.user_id from visits tv where tv.entity_id = $1 and tv.link_token_hash = $5)',
  // A bare token: a badge's kiosk code first, else a visit's link.
  either: 'u.id = coalesce((select ku.id from users ku where ku.entity_id = $1 and ku.kiosk_code = $5), rv.user_id)',
};

/**
 * What a kiosk read, resolved in the sign-in's own load: a badge's kiosk code, an RFID card, a visit's link token
 * (its hash), or a bare token that is either of the first and the last.
 */
export type Read = { kind: 'kiosk_code' | 'rfid'; value: string } | { kind: 'visit'; hash: string } | { kind: 'either'; value: string; hash: string };

/** The visit whose link the kiosk read (its QR code), as the sign-in's load found it. */
export interface ReadVisit {
  userId: number;
  status: string;
  approvalState: string;
}

/** A visit without a user type: the user types' default grace period (minutes). */
const GRACE_DEFAULT = 30;
/**
 * Rules 190 and 194: a sign-in at `at` takes an expected visit expected within its user type's grace period
 * (minutes; the column's default when the visit has no type) either side of `at`. The load statement below says
 * the same in its own SQL.
 */
export const withinGrace = (at: Date) =>
  sql`${visits.expectedAt} between ${at}::timestamptz - make_interval(mins => coalesce(${userTypes.gracePeriod}, ${GRACE_DEFAULT})) and ${at}::timestamptz + make_interval(mins => coalesce(${userTypes.gracePeriod}, ${GRACE_DEFAULT}))`;

/**
 * The load statement's text, built once per shape (how the person is named, whether the actor has every site and
 * every user type) and prepared by name. Parameters: $1 organisation, $2 the acting member, $3 area, $4 kiosk,
 * $5 the person's user id, e-mail, phone, ID number, kiosk code, RFID or visit link hash, $6 idempotency key, $7 the
 * time of the sign-in, $8 the hash of a visit link the kiosk read, $9 the host the request names.
 * Plain columns, not JSON, except the two lists (the mode's reasons, the person's visits).
 */
function loadStatement(match: Match, allSites: boolean, allUserTypes: boolean): Statement {
  const key = `${match}:${allSites}:${allUserTypes}`;
  let stmt = statements.get(key);
  if (stmt) return stmt;
  // The actor's grants (rules 96, 101) as the grants service writes them, on $1 (organisation) and $2 (member).
  const granted = grantTests('$1', '$2');
  stmt = statement(`
    select a.id as area_id, a.name as area_name, a.site_id, st.name as site_name, st.timezone, a.auto_sign_out_mode,
           k.id as kiosk_id, k.name as kiosk_name, k.area_id as kiosk_area_id,
           j.id as journey_id, j.temperature_threshold as journey_threshold, coalesce(j.temperature_check, false) as journey_temperature,
           coalesce(j.mask_check, false) as journey_mask,
           case when a.auto_sign_out_mode <> 'none' then nextval(pg_get_serial_sequence('visits', 'id'))::int end as next_visit_id,
           ps.id as prior_scan_id, ps.user_id as prior_user_id, ps.request_hash as prior_request_hash,
           rv.user_id as read_user_id, rv.status as read_status, rv.approval_state as read_approval_state,
           nh.id as named_host_id, nh.email as named_host_email, nh.first_name as named_host_first_name, nh.last_name as named_host_last_name,
           nh.lang as named_host_lang, nh.user_type_id as named_host_user_type_id,
           ${allSites ? 'true' : granted.site('a.site_id')} as site_granted,
           p.*
    from areas a
    join sites st on st.id = a.site_id and st.entity_id = $1
    left join kiosks k on k.id = $4 and k.entity_id = $1
    left join journeys j on j.id = coalesce(k.journey_id, a.journey_id) and j.entity_id = $1
    -- The replay check: a scan recorded with this idempotency key.
    left join lateral (select s.id, s.user_id, s.request_hash from scans s where s.entity_id = $1 and s.idempotency_key = $6::text) ps on true
    -- The visit whose link (QR code) the kiosk read, by the link token's hash.
    left join lateral (select tv.user_id, tv.status, tv.approval_state from visits tv where tv.entity_id = $1 and tv.link_token_hash = $8::text) rv on true
    -- The host the request names.
    left join users nh on nh.id = $9::int and nh.entity_id = $1
    left join lateral (
      select u.id, u.first_name, u.last_name, u.email, u.user_type_id, ut.name as user_type_name, u.status, u.kiosk_code, u.quick_pass_code,
             m.id as mode_id, m.name as mode_name, m.schedule_days, m.from_time, m.to_time, m.late_sign_in_grace,
             m.early_sign_out_grace, m.on_time_attendance_code_id,
             ${allUserTypes ? 'true' : granted.userType('u.user_type_id')} as type_granted,
             ${granted.mode('m.id')} as mode_granted,
             (select json_agg(json_build_object('id', r.id, 'name', r.name, 'type', r.type, 'attendanceCodeId', r.attendance_code_id,
                       'code', case when c.id is null then null else json_build_object('id', c.id, 'code', c.code, 'name', c.name) end) order by r.id)
              from reasons r left join attendance_codes c on c.id = r.attendance_code_id and c.entity_id = $1
              where r.entity_id = $1 and r.attendance_mode_id = m.id) as reasons,
             -- Their open visits anywhere and today's expected ones here: the index (entity, user, status) finds
             -- them without reading the person's closed history.
             (select json_agg(json_build_object('id', v.id, 'status', v.status, 'areaId', v.area_id, 'hostUserId', v.host_user_id, 'expectedAt', v.expected_at, 'approvalState', v.approval_state,
                       'host', (select json_build_object('id', h.id, 'email', h.email, 'firstName', h.first_name, 'lastName', h.last_name, 'lang', h.lang, 'userTypeId', h.user_type_id)
                                from users h where h.id = v.host_user_id and h.entity_id = $1),
                       'conditionPassed', v.status = 'expected' and fl.compliance_id is not null and exists (
                         select 1 from compliance_users cu where cu.entity_id = $1 and cu.visit_id = v.id and cu.compliance_id = fl.compliance_id and cu.status = 'success')))
              from (
                select v.id, v.status, v.area_id, v.host_user_id, v.expected_at, v.approval_state from visits v
                left join user_types vt on vt.id = v.user_type_id and vt.entity_id = $1
                where v.entity_id = $1 and v.user_id = u.id and v.status in ('signed_in', 'expected')
                  -- An expected visit within its type's grace period either side of the sign-in (rules 190, 194).
                  and (v.status = 'signed_in' or ((v.area_id = a.id or v.area_id is null)
                    and abs(extract(epoch from v.expected_at - $7::timestamptz)) <= 60 * coalesce(vt.grace_period, ${GRACE_DEFAULT})))
                order by v.signed_in_at desc nulls last
                limit 20
              ) v) as visits,
             fl.id as flow_id, fl.input_method as flow_input_method, fl.temperature_check as flow_temperature, fl.mask_check as flow_mask, fl.host_required, fl.allow_no_host,
             fl.host_user_type_ids, fl.compliance_frequency, fl.compliance_id, fl.compliance_name, fl.compliance_version_id,
             fl.compliance_questions, fl.compliance_valid_days,
             (select max(cu.created_at) from compliance_users cu
              where cu.entity_id = $1 and cu.user_id = u.id and cu.compliance_id = fl.compliance_id and cu.status = 'success') as compliance_last_pass,
             -- The area's entry conditions and documents (rule 230), each with what the person holds of it.
             (select json_agg(json_build_object('id', c.id, 'name', c.name, 'validDays', cv.pcr_valid_days, 'lastPassedAt',
                       (select max(cu.created_at) from compliance_users cu
                        where cu.entity_id = $1 and cu.user_id = u.id and cu.compliance_id = c.id and cu.status = 'success')) order by c.name)
              from area_compliances ac
              join compliances c on c.id = ac.compliance_id and c.entity_id = $1 and c.deleted_at is null
              left join compliance_versions cv on cv.compliance_id = c.id and cv.version = c.version and cv.entity_id = $1
              where ac.entity_id = $1 and ac.area_id = a.id) as area_conditions,
             (select json_agg(json_build_object('id', dt.id, 'name', dt.name, 'validUntil',
                       (select max(coalesce(d.expiry_date, 'infinity'::date)) from user_documents d
                        where d.entity_id = $1 and d.user_id = u.id and d.document_type_id = dt.id and d.status = 'enabled'
                          and d.vaccine_status in ('vaccinated', 'negative_pcr', 'not_applicable'))) order by dt.id)
              from area_document_types ad
              join document_types dt on dt.id = ad.document_type_id and dt.entity_id = $1
              where ad.entity_id = $1 and ad.area_id = a.id) as area_documents
      from users u
      left join user_types ut on ut.id = u.user_type_id and ut.entity_id = $1
      left join user_attendance_modes um on um.user_id = u.id and um.entity_id = $1
      left join attendance_modes m on m.id = um.attendance_mode_id and m.entity_id = $1
      -- The person's flow in the journey: their user type's, else the nearest parent type's (rule 197), as every
      -- caller decides it (kiosk_type_flows, migration 0026). No row: the journey does not sign their type.
      left join lateral (
        select f.id, f.input_method, f.temperature_check, f.mask_check, f.host_required, f.allow_no_host, f.host_user_type_ids, f.compliance_frequency,
               c.id as compliance_id, c.name as compliance_name, cv.id as compliance_version_id, cv.questions as compliance_questions,
               cv.pcr_valid_days as compliance_valid_days
        from kiosk_type_flows($1, j.id) tf
        join journey_flows f on f.id = tf.flow_id and f.entity_id = $1
        left join compliances c on c.id = f.compliance_id and c.entity_id = $1 and c.deleted_at is null
        left join compliance_versions cv on cv.compliance_id = c.id and cv.version = c.version and cv.entity_id = $1
        where tf.user_type_id = u.user_type_id
      ) fl on true
      where u.entity_id = $1 and ${MATCH[match]}
      limit 1
    ) p on true
    where a.id = $3 and a.entity_id = $1`);
  statements.set(key, stmt);
  return stmt;
}
const statements = new Map<string, Statement>();

/** What the sign-in's one load statement answers. */
export interface LoadedSignIn {
  place: SignInPlace;
  person: SignInPerson | null;
  prior: PriorScan | null;
  /** The visit of the link the kiosk read (null when none was read, or it is unknown). */
  readVisit: ReadVisit | null;
  /** The host the request names (`host_user_id`), in the organisation. */
  namedHost: SignInHost | null;
}

/**
 * Everything a sign-in needs to decide, in ONE round trip: the area with its site, the named kiosk and the journey
 * it runs, whether the actor reaches the site, a prior scan with the same idempotency key, the host the request
 * names, and the person (by user id, e-mail, phone or ID number, or what a kiosk read: `read`, in the organisation
 * only) with their user type, their flow in the journey, attendance mode and its reasons, the actor's grants over
 * them, and their open and expected visits with their hosts. No row: the area does not exist here; no person:
 * unknown.
 */
export async function loadSignIn(tx: Db, actor: MemberActor, body: SignInOutBody, at: Date, read?: Read): Promise<LoadedSignIn | null> {
  let match: Match;
  let value: unknown;
  if (read) [match, value] = [read.kind, read.kind === 'visit' ? read.hash : read.value];
  else if (body.user_id) [match, value] = ['id', body.user_id];
  else if (body.email) [match, value] = ['email', body.email];
  else if (body.phone) [match, value] = ['phone', body.phone];
  else if (body.id_number) [match, value] = ['id_number', body.id_number];
  else throw fieldError('user_id', 'signin.person_required');
  const [row] = await runPrepared<LoadRow>(tx, loadStatement(match, actor.allSites, actor.allUserTypes), [
    actor.entityId,
    actor.userId ?? -1,
    body.area_id,
    body.kiosk_id ?? null,
    value,
    body.idempotency_key ?? null,
    at,
    read && 'hash' in read ? read.hash : null,
    body.host_user_id ?? null,
  ]);
  if (!row) return null;
  const place: SignInPlace = {
    areaId: row.area_id,
    areaName: row.area_name,
    siteId: row.site_id,
    siteName: row.site_name,
    timezone: row.timezone,
    autoSignOutMode: row.auto_sign_out_mode,
    kioskId: row.kiosk_id,
    kioskName: row.kiosk_name,
    kioskAreaId: row.kiosk_area_id,
    siteGranted: row.site_granted,
    temperatureThreshold: row.journey_threshold,
    journeyChecks: { temperature: row.journey_temperature, mask: row.journey_mask },
    journeyId: row.journey_id,
    nextVisitId: row.next_visit_id,
  };
  const found = {
    place,
    prior: row.prior_scan_id === null ? null : { id: row.prior_scan_id, userId: row.prior_user_id!, requestHash: row.prior_request_hash },
    readVisit: row.read_user_id === null ? null : { userId: row.read_user_id, status: row.read_status!, approvalState: row.read_approval_state! },
    namedHost:
      row.named_host_id === null
        ? null
        : {
            id: row.named_host_id,
            email: row.named_host_email,
            firstName: row.named_host_first_name!,
            lastName: row.named_host_last_name!,
            lang: row.named_host_lang!,
            userTypeId: row.named_host_user_type_id,
          },
  };
  if (row.id === null) return { ...found, person: null };
  const mode =
    row.mode_id === null
      ? null
      : {
          id: row.mode_id,
          name: row.mode_name!,
          scheduleDays: json<number[]>(row.schedule_days),
          fromTime: row.from_time!,
          toTime: row.to_time!,
          lateSignInGrace: row.late_sign_in_grace!,
          earlySignOutGrace: row.early_sign_out_grace!,
          onTimeAttendanceCodeId: row.on_time_attendance_code_id,
        };
  const visits = json<(Omit<SignInVisit, 'expectedAt'> & { expectedAt: string | null })[] | null>(row.visits) ?? [];
  return {
    ...found,
    person: {
      id: row.id,
      firstName: row.first_name!,
      lastName: row.last_name!,
      email: row.email,
      userTypeId: row.user_type_id,
      userTypeName: row.user_type_name,
      status: row.status!,
      mode,
      reasons: mode ? (json<SignInReason[] | null>(row.reasons) ?? []) : [],
      typeGranted: row.type_granted!,
      // Rule 101: an actor with attendance-mode grants reaches only those modes.
      modeOutOfAccess: !!mode && !row.mode_granted,
      kioskCode: row.kiosk_code!,
      quickPassCode: row.quick_pass_code,
      visits: visits.map((v) => ({ ...v, expectedAt: v.expectedAt ? new Date(v.expectedAt) : null })),
      flow:
        row.flow_id === null
          ? null
          : {
              id: row.flow_id,
              inputMethod: row.flow_input_method!,
              temperatureCheck: !!row.flow_temperature,
              maskCheck: !!row.flow_mask,
              hostRequired: !!row.host_required,
              allowNoHost: !!row.allow_no_host,
              hostUserTypeIds: json<number[] | null>(row.host_user_type_ids) ?? [],
              frequency: row.compliance_frequency ?? 'everytime',
              condition:
                row.compliance_id === null
                  ? null
                  : {
                      id: row.compliance_id,
                      name: row.compliance_name!,
                      versionId: row.compliance_version_id!,
                      questions: json<ComplianceQuestion[] | null>(row.compliance_questions) ?? [],
                      validDays: row.compliance_valid_days,
                      lastPassedAt: row.compliance_last_pass ? new Date(row.compliance_last_pass) : null,
                    },
            },
      areaAsks: {
        conditions: (json<(Omit<AreaAsks['conditions'][number], 'lastPassedAt'> & { lastPassedAt: string | null })[] | null>(row.area_conditions) ?? []).map((c) => ({
          ...c,
          lastPassedAt: c.lastPassedAt ? new Date(c.lastPassedAt) : null,
        })),
        documents: json<AreaAsks['documents'] | null>(row.area_documents) ?? [],
      },
    },
  };
}

interface LoadRow {
  area_id: number;
  area_name: string;
  site_id: number;
  site_name: string;
  timezone: string;
  auto_sign_out_mode: string;
  kiosk_id: number | null;
  kiosk_name: string | null;
  kiosk_area_id: number | null;
  journey_id: number | null;
  next_visit_id: number | null;
  prior_scan_id: number | null;
  prior_user_id: number | null;
  prior_request_hash: string | null;
  read_user_id: number | null;
  read_status: string | null;
  read_approval_state: string | null;
  named_host_id: number | null;
  named_host_email: string | null;
  named_host_first_name: string | null;
  named_host_last_name: string | null;
  named_host_lang: 'en' | 'ar' | 'es' | null;
  named_host_user_type_id: number | null;
  journey_threshold: number | null;
  journey_temperature: boolean;
  journey_mask: boolean;
  site_granted: boolean;
  // The person's columns are null when nobody matches.
  id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  user_type_id: number | null;
  user_type_name: string | null;
  status: string | null;
  mode_id: number | null;
  mode_name: string | null;
  schedule_days: unknown;
  from_time: string | null;
  to_time: string | null;
  late_sign_in_grace: number | null;
  early_sign_out_grace: number | null;
  on_time_attendance_code_id: number | null;
  type_granted: boolean | null;
  mode_granted: boolean | null;
  kiosk_code: string | null;
  quick_pass_code: string | null;
  reasons: unknown;
  visits: unknown;
  flow_id: number | null;
  flow_input_method: string | null;
  flow_temperature: boolean | null;
  flow_mask: boolean | null;
  host_required: boolean | null;
  allow_no_host: boolean | null;
  host_user_type_ids: unknown;
  compliance_frequency: string | null;
  compliance_id: number | null;
  compliance_name: string | null;
  compliance_version_id: number | null;
  compliance_questions: unknown;
  compliance_valid_days: number | null;
  compliance_last_pass: string | Date | null;
  area_conditions: unknown;
  area_documents: unknown;
}

/** json columns: node-postgres parses them, PGlite too; a string is parsed here for any other driver. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
