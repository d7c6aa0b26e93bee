import type { Scan } from '@gatehouse/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import { areas, attendanceCodes, kiosks, reasons, scans, sites, users, userTypes, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { hosts, personAndPlaceColumns, visitDetailColumns } from './columns';

const columns = {
  id: scans.id,
  visitId: scans.visitId,
  userId: scans.userId,
  ...personAndPlaceColumns,
  kioskId: kiosks.id,
  kioskName: kiosks.name,
  direction: scans.direction,
  method: scans.method,
  at: scans.at,
  late: scans.late,
  early: scans.early,
  reasonId: reasons.id,
  reasonName: reasons.name,
  codeId: attendanceCodes.id,
  code: attendanceCodes.code,
  codeName: attendanceCodes.name,
  temperature: scans.temperature,
  mask: scans.mask,
  notes: scans.notes,
  visitStatus: visits.status,
  ...visitDetailColumns,
};

/** The logbook's query: scans with the person, place, kiosk, reason, code and visit (caller adds where/order/paging). */
export function scanQuery(tx: Db, entityId: number, where?: SQL) {
  return tx
    .select(columns)
    .from(scans)
    .innerJoin(users, eq(users.id, scans.userId))
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(areas, eq(areas.id, scans.areaId))
    .leftJoin(sites, eq(sites.id, areas.siteId))
    .leftJoin(kiosks, eq(kiosks.id, scans.kioskId))
    .leftJoin(reasons, eq(reasons.id, scans.reasonId))
    .leftJoin(attendanceCodes, eq(attendanceCodes.id, scans.attendanceCodeId))
    .leftJoin(visits, eq(visits.id, scans.visitId))
    .leftJoin(hosts, eq(hosts.id, visits.hostUserId))
    .where(and(eq(scans.entityId, entityId), where))
    .$dynamic();
}

export type ScanRow = { [K in keyof typeof columns]: unknown };
const ref = (id: unknown, name: unknown) => (id == null ? null : { id: Number(id), name: String(name ?? '') });

export function presentScan(r: ScanRow): Scan {
  const auto = r.direction === 'out' && typeof r.method === 'string' && r.method.startsWith('auto');
  return {
    id: Number(r.id),
    visit_id: r.visitId == null ? null : Number(r.visitId),
    user_id: Number(r.userId),
    full_name: `${r.firstName} ${r.lastName}`.trim(),
    email: (r.email as string | null) ?? null,
    user_type: ref(r.userTypeId, r.userTypeName),
    site: ref(r.siteId, r.siteName),
    area: ref(r.areaId, r.areaName),
    kiosk: ref(r.kioskId, r.kioskName),
    direction: r.direction as 'in' | 'out',
    type: r.direction === 'in' ? 'sign_in' : auto ? 'auto_sign_out' : 'sign_out',
    input_method: String(r.method),
    at: (r.at instanceof Date ? r.at : new Date(String(r.at))).toISOString(),
    late: r.late ? 1 : 0,
    early: r.early ? 1 : 0,
    reason: ref(r.reasonId, r.reasonName),
    attendance_code: r.codeId == null ? null : { id: Number(r.codeId), code: String(r.code), name: String(r.codeName) },
    temperature: r.temperature == null ? null : Number(r.temperature),
    mask: r.mask == null ? null : r.mask ? 1 : 0,
    notes: (r.notes as string | null) ?? null,
    visit_status: (r.visitStatus as string | null) ?? null,
    host: r.hostId == null ? null : ref(r.hostId, `${r.hostFirst} ${r.hostLast}`),
  };
}

export async function loadScan(tx: Db, entityId: number, id: number) {
  const [row] = await scanQuery(tx, entityId, eq(scans.id, id));
  return row ? presentScan(row) : null;
}
