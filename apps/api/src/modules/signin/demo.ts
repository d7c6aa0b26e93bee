import { and, eq, inArray } from 'drizzle-orm';
import { areas, attendanceCodes, attendanceModes, reasons, scans, sites, userAttendanceModes, users, userTypes, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';

const FIRST = ['Amira', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Farid', 'Grace', 'Hugo', 'Isla', 'Jamal', 'Keira', 'Luis', 'Maya', 'Noah', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tara'];
const LAST = ['Ahmed', 'Brooks', 'Castillo', 'Davies', 'Evans', 'Fernández', 'Green', 'Haddad', 'Ibrahim', 'Jones', 'Khan', 'López', 'Morgan', 'Nasser', 'Okafor', 'Patel'];

/**
 * Attendance modes with reasons and a day of realistic scans for the demo organisation (Northfield Academy):
 * staff and pupils arriving between 07:30 and 09:15 (some late, with reasons), leaving between 15:00 and 17:30,
 * visitors in the afternoon, a few still on site. Uses the sites, areas and people other seeders made, and
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

    // Yesterday (UTC), a full day; the last few people are still on site.
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const at = (minutes: number) => new Date(`${day}T00:00:00Z`).getTime() + minutes * 60_000;
    const crowd = people.filter((p) => p.id !== ctx.ownerUserId).slice(0, 60);
    for (const [i, p] of crowd.entries()) {
      const area = areaRows[i % areaRows.length];
      const isLate = i % 9 === 4;
      const inAt = new Date(at(450 + ((i * 37) % 105) + (isLate ? 40 : 0)));
      const stays = i >= crowd.length - 4;
      const leavesEarly = i % 11 === 6;
      const outAt = new Date(at(leavesEarly ? 780 + i : 900 + ((i * 53) % 150)));
      const lateReason = isLate ? reasonRows.find((r) => r.type === 'late_sign_in') : undefined;
      const earlyReason = leavesEarly ? reasonRows.find((r) => r.type === 'early_sign_out') : undefined;
      const method = (['qr', 'rfid', 'name', 'face'] as const)[i % 4];
      const [visit] = await tx
        .insert(visits)
        .values({
          entityId: e,
          userId: p.id,
          siteId: site.id,
          areaId: area.id,
          userTypeId: p.userTypeId,
          status: stays ? 'signed_in' : 'signed_out',
          signedInAt: inAt,
          signedOutAt: stays ? null : outAt,
          signInMethod: method,
          lateSignIn: isLate,
          earlySignOut: leavesEarly && !stays,
          signInReasonId: lateReason?.id ?? null,
          signOutReasonId: stays ? null : (earlyReason?.id ?? null),
          temperature: 36.4 + (i % 6) / 10,
          mask: true,
        })
        .returning();
      await tx.insert(scans).values({
        entityId: e,
        visitId: visit.id,
        userId: p.id,
        areaId: area.id,
        direction: 'in',
        method,
        late: isLate,
        reasonId: lateReason?.id ?? null,
        attendanceCodeId: lateReason?.attendanceCodeId ?? present.id,
        temperature: 36.4 + (i % 6) / 10,
        mask: true,
        at: inAt,
      });
      if (!stays) {
        await tx.insert(scans).values({
          entityId: e,
          visitId: visit.id,
          userId: p.id,
          areaId: area.id,
          direction: 'out',
          method,
          early: leavesEarly,
          reasonId: earlyReason?.id ?? null,
          attendanceCodeId: earlyReason?.attendanceCodeId ?? null,
          at: outAt,
        });
      }
    }
  });
};
