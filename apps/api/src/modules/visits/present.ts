import type { ExpectedVisit } from '@gatehouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

type VisitRow = typeof visits.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email' | 'phone' | 'companyName'>;

export function presentExpectedVisit(v: VisitRow, u: UserRow): ExpectedVisit {
  return {
    id: v.id,
    user_id: v.userId,
    full_name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    phone: u.phone,
    company_name: v.companyName ?? u.companyName,
    site_id: v.siteId,
    area_id: v.areaId,
    user_type_id: v.userTypeId,
    host_user_id: v.hostUserId,
    visit_date: v.visitDate,
    visit_time: v.visitTime,
    expectedDateTime: v.expectedAt?.toISOString() ?? null,
    status: v.status,
    journey_stage: v.journeyStage,
    registration_method: v.registrationMethod,
    approval_state: v.approvalState,
    is_confirmed: v.confirmationState === 'confirmed' ? 1 : 0,
    admin_notes: v.adminNotes,
  };
}

export async function loadExpectedVisits(tx: Db, entityId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ v: visits, u: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, companyName: users.companyName } })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .where(and(eq(visits.entityId, entityId), inArray(visits.id, ids)))
    .orderBy(visits.id);
  return rows.map((r) => presentExpectedVisit(r.v, r.u));
}
