import { DEFAULT_TEMPERATURE_THRESHOLD_C, type MassUser, translate, type Language } from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { areas as areaTable, attendanceModes, reasons, userAttendanceModes, users } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import { grantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { fieldError, notFound } from '../../platform/errors';
import { blockedPeople } from '../signin';
import { loadSitePeople } from './load-site-people';
import { personChecks } from './person-checks';

/**
 * The mass sign-in data (rule 225): one element with the site's users (the 'All' row first, rule 224), its
 * areas and user types. Each person has their state and next action (rule 220), the reasons that apply (rule
 * 221), checks, host, compliance status (rules 222-223) and whether the caller may act on them (rules 100, 226).
 */
export async function massData(tx: Db, actor: MemberActor, lang: Language, q: { site_id: number; area_id?: number; user_type_id?: number; search?: string }) {
  // Rule 96 (issue 16 part 3): a site outside the member's grants is not found, and the list holds only people of
  // the user types granted to them; the rest of rule 100 (attendance modes) blocks with an explanation below.
  const grants = await grantsOf(tx, actor);
  if (!grants.canSite(q.site_id)) throw notFound('areas.site_unknown');
  const loaded = await loadSitePeople(tx, actor.entityId, q);
  const { site, areas, capped } = loaded;
  const people = loaded.people.filter((p) => grants.canUserType(p.userTypeId));
  if (q.area_id && !areas.some((a) => a.id === q.area_id)) {
    // Another organisation's area is not found; one of another site of this organisation is a wrong choice.
    const [elsewhere] = await tx.select({ id: areaTable.id }).from(areaTable).where(and(eq(areaTable.id, q.area_id), eq(areaTable.entityId, actor.entityId)));
    if (!elsewhere) throw notFound('signin.area_not_found');
    throw fieldError('area_id', 'signin.area_not_found');
  }
  const blocked = await blockedPeople(tx, actor, site.id, people);
  const ids = people.map((p) => p.id);
  const modes = ids.length
    ? await tx
        .select({ userId: userAttendanceModes.userId, mode: attendanceModes })
        .from(userAttendanceModes)
        .innerJoin(attendanceModes, eq(attendanceModes.id, userAttendanceModes.attendanceModeId))
        .where(and(eq(userAttendanceModes.entityId, actor.entityId), inArray(userAttendanceModes.userId, ids)))
    : [];
  const modeIds = [...new Set(modes.map((m) => m.mode.id))];
  const modeReasons = modeIds.length ? await tx.select().from(reasons).where(and(eq(reasons.entityId, actor.entityId), inArray(reasons.attendanceModeId, modeIds))) : [];
  const hostIds = [...new Set(people.map((p) => p.open?.hostUserId).filter((x): x is number => !!x))];
  const hosts = hostIds.length ? await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(and(eq(users.entityId, actor.entityId), inArray(users.id, hostIds))) : [];
  const areaName = new Map(areas.map((a) => [a.id, a.name]));

  const presentReason = (r: (typeof modeReasons)[number]) => ({
    id: r.id,
    name: r.name,
    presented: r.presentedReason ? [r.presentedReason] : [r.name],
    type: r.type,
    attendance_code: r.attendanceCodeId ? { id: r.attendanceCodeId } : null,
  });
  // Signing in asks what the chosen area's journey asks (rule 228); signing out asks nothing.
  const asked = await personChecks(tx, actor.entityId, q.area_id, people.filter((p) => !p.open));
  const checks = { temperature_check: 0 as const, mask_check: 0 as const, host: 0 as const, allow_not_select_host: 1 as const, select_host_permitted: 1 as const, temperature_threshold: DEFAULT_TEMPERATURE_THRESHOLD_C };

  const rows: MassUser[] = people.map((p) => {
    const m = modes.find((x) => x.userId === p.id)?.mode ?? null;
    const own = m ? modeReasons.filter((r) => r.attendanceModeId === m.id) : [];
    const signedIn = !!p.open;
    const host = p.open?.hostUserId ? hosts.find((h) => h.id === p.open!.hostUserId) : undefined;
    const why = blocked.get(p.id);
    const ask = signedIn ? null : asked.get(p.id);
    return {
      id: p.id,
      full_name: `${p.firstName} ${p.lastName}`.trim(),
      is_all: 0,
      signedOut: signedIn ? 0 : 1,
      state: signedIn ? 'signed_in' : 'signed_out',
      next_action: signedIn ? 'out' : 'in',
      user_type: p.userTypeId ? { id: p.userTypeId, name: p.userTypeName ?? '' } : null,
      area: p.open?.areaId ? { id: p.open.areaId, name: areaName.get(p.open.areaId) ?? '' } : null,
      host: host ? { id: host.id, name: `${host.firstName} ${host.lastName}`.trim() } : null,
      journey_flow_id: p.open?.journeyFlowId ?? ask?.journey_flow_id ?? null,
      attendance_mode: m ? { id: m.id, name: m.name, reasons: own.map(presentReason), attendanceCodeInMode: m.onTimeAttendanceCodeId ? { id: m.onTimeAttendanceCodeId } : null } : null,
      reasons: own.filter((r) => r.type === (signedIn ? 'early_sign_out' : 'late_sign_in')).map(presentReason),
      checks: ask?.checks ?? checks,
      compliances: ask?.compliances ?? [],
      compliance_status: ask?.compliance_status ?? 'not_required',
      can_act: why ? 0 : 1,
      blocked_reason: why ? translate(lang, why) : null,
    };
  });
  const allRow: MassUser = {
    id: 0,
    full_name: translate(lang, 'mass.all'),
    is_all: 1,
    signedOut: rows.every((r) => r.signedOut) ? 1 : 0,
    state: rows.every((r) => r.signedOut) ? 'signed_out' : 'signed_in',
    next_action: rows.every((r) => r.signedOut) ? 'in' : 'out',
    user_type: null,
    area: null,
    host: null,
    journey_flow_id: null,
    attendance_mode: null,
    reasons: [],
    checks,
    compliances: [],
    compliance_status: 'not_required',
    can_act: rows.some((r) => r.can_act) ? 1 : 0,
    blocked_reason: null,
  };
  const types = new Map<number, string>();
  for (const p of people) if (p.userTypeId) types.set(p.userTypeId, p.userTypeName ?? '');
  return {
    data: [{ users: [allRow, ...rows], area: areas, user_type: [...types].map(([id, name]) => ({ id, name })), site, capped: capped ? (1 as const) : (0 as const) }],
  };
}
