import type { SignInOutBody } from '@gatehouse/contract';
import { sql, type SQL } from 'drizzle-orm';
import { areas, attendanceCodes, attendanceModeGrants, attendanceModes, kiosks, reasons, scans, sites, userAttendanceModes, users, userSites, userTypes, userUserTypes, visits } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { executePrepared } from '../../platform/db/prepared';
import { fieldError } from '../../platform/errors';
import type { ModeRules } from '../attendance/evaluate-attendance';

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
  expectedAt: Date | null;
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
  /** A scan already recorded with the request's idempotency key (the request is a replay). */
  priorScanId: number | null;
  /** Their signed-in visits anywhere and today's expected visits here (within 12 hours of `at`). */
  visits: SignInVisit[];
}

/**
 * Everything a sign-in needs to decide, in ONE round trip: the area with its site and the named kiosk, whether
 * the actor reaches the site, and the person (by user id, e-mail, phone or ID number, in the organisation only)
 * with their user type, attendance mode and its reasons, the actor's grants over them, a prior scan with the same
 * idempotency key, and their open and expected visits. No row: the area does not exist here; no person: unknown.
 */
export async function loadSignIn(tx: Db, actor: MemberActor, body: SignInOutBody, at: Date): Promise<{ place: SignInPlace; person: SignInPerson | null } | null> {
  const e = actor.entityId;
  const me = actor.userId ?? -1;
  let match: SQL;
  if (body.user_id) match = sql`u.id = ${body.user_id}`;
  else if (body.email) match = sql`lower(u.email) = lower(${body.email})`;
  else if (body.phone) match = sql`u.phone = ${body.phone}`;
  else if (body.id_number) match = sql`u.id_number = ${body.id_number}`;
  else throw fieldError('user_id', 'signin.person_required');
  const from = new Date(at.getTime() - 12 * 3600_000).toISOString();
  const to = new Date(at.getTime() + 12 * 3600_000).toISOString();
  const prior = body.idempotency_key
    ? sql`(select s.id from ${scans} s where s.entity_id = ${e} and s.idempotency_key = ${body.idempotency_key})`
    : sql`null::int`;

  const [row] = await executePrepared<{ place: SignInPlace | string; person: RawPerson | string | null }>(tx, sql`
    select json_build_object(
             'areaId', a.id, 'areaName', a.name, 'siteId', a.site_id, 'siteName', st.name, 'timezone', st.timezone,
             'autoSignOutMode', a.auto_sign_out_mode, 'kioskId', k.id, 'kioskName', k.name, 'kioskAreaId', k.area_id,
             'siteGranted', ${actor.allSites ? sql`true` : sql`exists (select 1 from ${userSites} g where g.entity_id = ${e} and g.user_id = ${me} and g.site_id = a.site_id)`}
           ) as place,
           p.person
    from ${areas} a
    join ${sites} st on st.id = a.site_id and st.entity_id = ${e}
    left join ${kiosks} k on k.id = ${body.kiosk_id ?? -1} and k.entity_id = ${e}
    left join lateral (
      select json_build_object(
        'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'userTypeId', u.user_type_id,
        'userTypeName', ut.name, 'status', u.status,
        'mode', case when m.id is null then null else json_build_object(
          'id', m.id, 'name', m.name, 'scheduleDays', m.schedule_days, 'fromTime', m.from_time, 'toTime', m.to_time,
          'lateSignInGrace', m.late_sign_in_grace, 'earlySignOutGrace', m.early_sign_out_grace,
          'onTimeAttendanceCodeId', m.on_time_attendance_code_id) end,
        'reasons', case when m.id is null then '[]'::json else coalesce((
          select json_agg(json_build_object('id', r.id, 'name', r.name, 'type', r.type, 'attendanceCodeId', r.attendance_code_id,
                   'code', case when c.id is null then null else json_build_object('id', c.id, 'code', c.code, 'name', c.name) end) order by r.id)
          from ${reasons} r left join ${attendanceCodes} c on c.id = r.attendance_code_id
          where r.entity_id = ${e} and r.attendance_mode_id = m.id), '[]'::json) end,
        'typeGranted', ${actor.allUserTypes ? sql`true` : sql`exists (select 1 from ${userUserTypes} g where g.entity_id = ${e} and g.user_id = ${me} and g.user_type_id = u.user_type_id)`},
        'actorLimited', exists (select 1 from ${attendanceModeGrants} g where g.entity_id = ${e} and g.user_id = ${me}),
        'actorGranted', exists (select 1 from ${attendanceModeGrants} g where g.entity_id = ${e} and g.user_id = ${me} and g.attendance_mode_id = m.id),
        'priorScanId', ${prior},
        'visits', coalesce((
          select json_agg(json_build_object('id', v.id, 'status', v.status, 'areaId', v.area_id, 'hostUserId', v.host_user_id, 'expectedAt', v.expected_at))
          from (
            select v.* from ${visits} v
            where v.entity_id = ${e} and v.user_id = u.id
              and (v.status = 'signed_in'
                   or (v.status = 'expected' and (v.area_id = a.id or v.area_id is null)
                       and v.expected_at >= ${from}::timestamptz and v.expected_at < ${to}::timestamptz))
            order by v.signed_in_at desc nulls last
            limit 20
          ) v), '[]'::json)
      ) as person
      from ${users} u
      left join ${userTypes} ut on ut.id = u.user_type_id
      left join ${userAttendanceModes} um on um.user_id = u.id and um.entity_id = ${e}
      left join ${attendanceModes} m on m.id = um.attendance_mode_id
      where u.entity_id = ${e} and ${match}
      limit 1
    ) p on true
    where a.id = ${body.area_id} and a.entity_id = ${e}`);
  if (!row) return null;
  const place = json<SignInPlace>(row.place);
  const raw = row.person === null ? null : json<RawPerson>(row.person);
  if (!raw) return { place, person: null };
  const { actorLimited, actorGranted, visits: theirs, ...rest } = raw;
  return {
    place,
    person: {
      ...rest,
      modeOutOfAccess: !!raw.mode && actorLimited && !actorGranted,
      visits: theirs.map((v) => ({ ...v, expectedAt: v.expectedAt ? new Date(v.expectedAt) : null })),
    },
  };
}

type RawPerson = Omit<SignInPerson, 'modeOutOfAccess' | 'visits'> & {
  actorLimited: boolean;
  actorGranted: boolean;
  visits: (Omit<SignInVisit, 'expectedAt'> & { expectedAt: string | null })[];
};

/** json columns: node-postgres parses them, PGlite too; a string is parsed here for any other driver. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
