import { flag } from '@gatehouse/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { areas, departments, labels, roles, userDocuments, userLabels, userTypes, users, visits } from '../../db/schema/index';
import { savedGrantsOf } from '../../platform/auth/grants';
import type { Db } from '../../platform/db/client';
import { sectionsOfUser } from '../custom-fields';

type UserRow = typeof users.$inferSelect;

export function presentUserRow(u: UserRow, typeName: string | null = null) {
  return {
    id: u.id,
    entity_id: u.entityId,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    phone: u.phone,
    phone_code: u.phoneCode,
    id_number: u.idNumber,
    company_name: u.companyName,
    image: u.image,
    status: u.status,
    user_type_id: u.userTypeId,
    user_type: typeName,
    role_id: u.roleId,
    department_id: u.departmentId,
    rfid: u.rfid,
    has_passport: flag(u.accountId !== null),
    created_at: u.createdAt.toISOString(),
  };
}

/** The full user model (rule 185): roles, departments, labels, sections, resources, documents, last visit, duplicates. */
export async function presentUserFull(tx: Db, u: UserRow) {
  const e = u.entityId;
  const [type] = u.userTypeId ? await tx.select({ name: userTypes.name }).from(userTypes).where(and(eq(userTypes.entityId, e), eq(userTypes.id, u.userTypeId))) : [];
  const role = u.roleId ? await tx.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.entityId, e), eq(roles.id, u.roleId))) : [];
  const dept = u.departmentId ? await tx.select({ id: departments.id, name: departments.name }).from(departments).where(and(eq(departments.entityId, e), eq(departments.id, u.departmentId))) : [];
  const labelRows = await tx.select({ id: labels.id, name: labels.name }).from(userLabels).innerJoin(labels, eq(labels.id, userLabels.labelId)).where(and(eq(userLabels.entityId, e), eq(userLabels.userId, u.id))).orderBy(labels.name);
  const docs = await tx.select().from(userDocuments).where(and(eq(userDocuments.entityId, e), eq(userDocuments.userId, u.id), sql`${userDocuments.status} <> 'DELETED'`)).orderBy(desc(userDocuments.createdAt));
  const [last] = await tx
    .select({ id: visits.id, status: visits.status, area_id: visits.areaId, area: areas.name, signed_in_at: visits.signedInAt, signed_out_at: visits.signedOutAt, expected_at: visits.expectedAt })
    .from(visits)
    .leftJoin(areas, and(eq(areas.entityId, e), eq(areas.id, visits.areaId)))
    .where(and(eq(visits.entityId, e), eq(visits.userId, u.id)))
    .orderBy(desc(visits.createdAt))
    .limit(1);
  const dupConds = [u.email ? sql`lower(${users.email}) = ${u.email.toLowerCase()}` : undefined, u.phone ? eq(users.phone, u.phone) : undefined, u.idNumber ? eq(users.idNumber, u.idNumber) : undefined, sql`lower(${users.firstName} || ' ' || ${users.lastName}) = ${`${u.firstName} ${u.lastName}`.toLowerCase()}`].filter(Boolean);
  const dups = await tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, e), sql`${users.id} <> ${u.id}`, or(...dupConds))).limit(20);
  const saved = (await savedGrantsOf(tx, e, [u.id])).get(u.id)!;
  return {
    ...presentUserRow(u, type?.name ?? null),
    roles: role,
    departments: dept,
    labels: labelRows,
    resources: u.resources,
    sections: await sectionsOfUser(tx, e, u.id),
    documents: docs.map(presentDocument),
    last_visit: last ? { ...last, signed_in_at: last.signed_in_at?.toISOString() ?? null, signed_out_at: last.signed_out_at?.toISOString() ?? null, expected_at: last.expected_at?.toISOString() ?? null } : null,
    duplicates: dups.map((d) => d.id),
    face_id: u.faceId,
    all_sites: flag(u.allSites),
    sites: saved.siteIds,
    all_user_types: flag(u.allUserTypes),
    user_types: saved.userTypeIds,
  };
}

export function presentDocument(d: typeof userDocuments.$inferSelect) {
  return {
    id: d.id,
    user_id: d.userId,
    document_type_id: d.documentTypeId,
    type: d.type,
    vaccine_name: d.vaccineName,
    protocol: d.protocol,
    batch_number: d.batchNumber,
    date_taken: d.dateTaken,
    start_date: d.startDate,
    expiry_date: d.expiryDate,
    pcr_result: d.pcrResult,
    pcr_date: d.pcrDate,
    first_name: d.firstName,
    last_name: d.lastName,
    date_of_birth: d.dateOfBirth,
    notes: d.notes,
    file: d.file,
    accept_negative_pcr: flag(d.acceptNegativePcr),
    vaccine_status: d.vaccineStatus,
    status: d.status,
    action_by: d.actionBy,
    updated_at: d.updatedAt.toISOString(),
  };
}

export const typeNames = async (tx: Db, entityId: number, ids: (number | null)[]) => {
  const list = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!list.length) return new Map<number, string>();
  const rows = await tx.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, list)));
  return new Map(rows.map((r) => [r.id, r.name]));
};
