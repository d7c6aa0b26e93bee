import { and, eq, inArray } from 'drizzle-orm';
import { areas, attendanceCodes, attendanceModes, reasons, scans, sites, userAttendanceModes, users, userTypes, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';
import { safeZone, utcToZoned, zonedMidnight } from '../../platform/time-zone';

const FIRST = ['Amira', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Farid', 'Grace', 'Hugo', 'Isla', 'Jamal', 'Keira', 'Luis', 'Maya', 'Noah', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tara'];
const LAST = ['Ahmed', 'Brooks', 'Castillo', 'Davies', 'Evans', 'Fernández', 'Green', 'Haddad', 'Ibrahim', 'Jones', 'Khan', 'López', 'Morgan', 'Nasser', 'Okafor', 'Patel'];

const METHODS = ['qr', 'rfid', 'name', 'face'] as const;

interface DayPlan {
  inAt: Date;
  outAt: Date | null;
  late: boolean;
  early: boolean;
}

/** A past working day: everyone in between 07:30 and 09:15 (some late), out between 15:00 and 17:30 (some early); a few stay home. */
function fullDayPlan(dayStart: number, back: number) {
  const at = (minutes: number) => new Date(dayStart + minutes * 60_000);
  return (i: number): DayPlan | null => {
    if ((i + back) % 13 === 0) return null;
    const late = (i + back) % 9 === 4;
    const early = (i + back) % 11 === 6;
    return { inAt: at(450 + ((i * 37 + back * 11) % 105) + (late ? 40 : 0)), outAt: at(early ? 780 + i : 900 + ((i * 53 + back * 7) % 150)), late, early };
  };
}

/**
 * Today up to now: arrivals spread over the last four hours of the site's day so far (the latest a moment ago), a
 * third of them gone again; everyone else is still on site.
 */
function todayPlan(now: number, localMidnight: number) {
  const span = Math.max(1_000, Math.min(4 * 3_600_000, now - localMidnight - 1_000));
  return (i: number): DayPlan | null => {
    if (i % 7 === 3) return null;
    const share = 0.02 + (((i * 41) % 235) / 235) * 0.98;
    const inAt = new Date(now - share * span);
    const leaves = i % 3 === 0 && share > 0.25;
    return { inAt, outAt: leaves ? new Date(inAt.getTime() + (now - inAt.getTime()) / 2) : null, late: i % 9 === 4, early: leaves && i % 2 === 0 };
  };
}

/**
 * Attendance modes with reasons and a week of realistic scans for the demo organisation (Northfield Academy):
 * the past working days with staff and pupils arriving between 07:30 and 09:15 (some late, with reasons) and
 * leaving between 15:00 and 17:30, and today's arrivals up to now, most still on site. Uses the sites, areas and people other seeders made, and
 * makes a small school site of its own when there are none.
 */
export const signinDemo: DemoSeeder = async (services, ctx) => {
  const e = ctx.entityId;
  await withTenant(services.database.db, e, async (tx) => {
    let siteRows = await tx.select().from(sites).where(eq(sites.entityId, e));
    if (!siteRows.length) siteRows = await tx.insert(sites).values({ entityId: e, name: 'Northfield Main Campus', timezone: 'Europe/London' }).returning();
    const site = siteRows[0];
    let areaRows = await tx.select().from(areas).where(and(eq(areas.entityId, e), eq(areas.siteId, site.id)));
    if (!areaRows.length) {
      areaRows = await tx
        .insert(areas)
        .values([
          { entityId: e, siteId: site.id, name: 'Main Reception', autoSignOutMode: 'midnight' as const },
          { entityId: e, siteId: site.id, name: 'Sports Hall', autoSignOutMode: 'after_24_hours' as const },
        ])
        .returning();
    }
    let typeRows = await tx.select().from(userTypes).where(eq(userTypes.entityId, e));
    if (!typeRows.length) typeRows = await tx.insert(userTypes).values([{ entityId: e, name: 'Staff' }, { entityId: e, name: 'Pupil' }, { entityId: e, name: 'Visitor' }]).returning();
    let people = await tx.select().from(users).where(and(eq(users.entityId, e), eq(users.status, 'active')));
    if (people.length < 20) {
      const made = await tx
        .insert(users)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            entityId: e,
            firstName: FIRST[i % FIRST.length],
            lastName: LAST[(i * 7) % LAST.length],
            email: `${FIRST[i % FIRST.length].toLowerCase()}.${i}@northfield.example`,
            userTypeId: typeRows[i % typeRows.length].id,
          })),
        )
        .returning();
      people = [...people, ...made];
    }

    const [present, late, leave] = await tx
      .insert(attendanceCodes)
      .values([
        { entityId: e, code: '/', name: 'Present' },
        { entityId: e, code: 'L', name: 'Late (before registers close)' },
        { entityId: e, code: 'M', name: 'Medical or dental appointment' },
      ])
      .returning();
    const [staffDay, pupilDay] = await tx
      .insert(attendanceModes)
      .values([
        { entityId: e, name: 'Staff working day', scheduleDays: [1, 2, 3, 4, 5], fromTime: '08:00:00', toTime: '16:30:00', lateSignInGrace: 15, earlySignOutGrace: 15, onTimeAttendanceCodeId: present.id },
        { entityId: e, name: 'Pupil school day', scheduleDays: [1, 2, 3, 4, 5], fromTime: '08:40:00', toTime: '15:15:00', lateSignInGrace: 5, earlySignOutGrace: 0, onTimeAttendanceCodeId: present.id },
      ])
      .returning();
    await tx.insert(reasons).values([
      { entityId: e, attendanceModeId: staffDay.id, name: 'Traffic', presentedReason: 'Traffic or transport delay', type: 'late_sign_in', fromTime: '08:00:00', toTime: '10:00:00', duration: 30, attendanceCodeId: late.id },
      { entityId: e, attendanceModeId: staffDay.id, name: 'Appointment', presentedReason: 'Medical appointment', type: 'early_sign_out', fromTime: '12:00:00', toTime: '16:00:00', duration: 30, attendanceCodeId: leave.id },
      { entityId: e, attendanceModeId: pupilDay.id, name: 'Bus late', presentedReason: 'School bus arrived late', type: 'late_sign_in', fromTime: '08:40:00', toTime: '09:30:00', duration: 15, attendanceCodeId: late.id },
      { entityId: e, attendanceModeId: pupilDay.id, name: 'Dentist', presentedReason: 'Dental appointment', type: 'early_sign_out', fromTime: '10:00:00', toTime: '14:30:00', duration: 45, attendanceCodeId: leave.id },
    ]);
    const reasonRows = await tx.select().from(reasons).where(and(eq(reasons.entityId, e), inArray(reasons.attendanceModeId, [staffDay.id, pupilDay.id])));
    const staffType = typeRows.find((t) => /staff/i.test(t.name))?.id;
    await tx.insert(userAttendanceModes).values(
      people.filter((p) => p.id !== ctx.ownerUserId).map((p) => ({ entityId: e, userId: p.id, attendanceModeId: p.userTypeId === staffType ? staffDay.id : pupilDay.id })),
    ).onConflictDoNothing();

    const crowd = people.filter((p) => p.id !== ctx.ownerUserId).slice(0, 60);
    const now = Date.now();
    // The past working week in full, then today up to now: the first dashboard shows today's arrivals and who is
    // still on site (issue 15 part 4), and the chart a week to compare.
    for (let back = 7; back >= 0; back--) {
      const dayStart = new Date(new Date(now - back * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
      const weekday = new Date(dayStart).getUTCDay();
      if (back > 0 && (weekday === 0 || weekday === 6)) continue;
      const day = back === 0 ? todayPlan(now, zonedMidnight(utcToZoned(new Date(now), safeZone(site.timezone)).date, safeZone(site.timezone)).getTime()) : fullDayPlan(dayStart, back);
      const rows = crowd.map((p, i) => ({ p, i, plan: day(i) })).filter((r) => r.plan);
      if (!rows.length) continue;
      const made = await tx
        .insert(visits)
        .values(
          rows.map(({ p, i, plan }) => {
            const lateReason = plan!.late ? reasonRows.find((r) => r.type === 'late_sign_in') : undefined;
            const earlyReason = plan!.early ? reasonRows.find((r) => r.type === 'early_sign_out') : undefined;
            return {
              entityId: e,
              userId: p.id,
              siteId: site.id,
              areaId: areaRows[i % areaRows.length].id,
              userTypeId: p.userTypeId,
              status: plan!.outAt ? ('signed_out' as const) : ('signed_in' as const),
              signedInAt: plan!.inAt,
              signedOutAt: plan!.outAt,
              signInMethod: METHODS[i % 4],
              lateSignIn: plan!.late,
              earlySignOut: plan!.early,
              signInReasonId: lateReason?.id ?? null,
              signOutReasonId: earlyReason?.id ?? null,
              temperature: 36.4 + (i % 6) / 10,
              mask: true,
            };
          }),
        )
        .returning({ id: visits.id });
      const scanRows = rows.flatMap(({ p, i, plan }, k) => {
        const lateReason = plan!.late ? reasonRows.find((r) => r.type === 'late_sign_in') : undefined;
        const earlyReason = plan!.early ? reasonRows.find((r) => r.type === 'early_sign_out') : undefined;
        const common = { entityId: e, visitId: made[k].id, userId: p.id, areaId: areaRows[i % areaRows.length].id, method: METHODS[i % 4] };
        const inScan = {
          ...common,
          direction: 'in' as const,
          late: plan!.late,
          reasonId: lateReason?.id ?? null,
          attendanceCodeId: lateReason?.attendanceCodeId ?? present.id,
          temperature: 36.4 + (i % 6) / 10,
          mask: true,
          at: plan!.inAt,
        };
        if (!plan!.outAt) return [inScan];
        return [inScan, { ...common, direction: 'out' as const, early: plan!.early, reasonId: earlyReason?.id ?? null, attendanceCodeId: earlyReason?.attendanceCodeId ?? null, at: plan!.outAt }];
      });
      await tx.insert(scans).values(scanRows);
    }
  });
};
