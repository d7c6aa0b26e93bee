import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { zDocumentBody } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { documentTypes, userDocuments } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

type Body = z.output<typeof zDocumentBody>;
export const DOCUMENT_FILE_MAX = 5 * 1024 * 1024;

/** The default document types every organisation has (created on first use). */
export const DEFAULT_TYPES = [
  { key: 'covid_vaccine', name: 'Vaccination certificate' },
  { key: 'test', name: 'PCR test result' },
];

export async function ensureDocumentTypes(tx: Db, entityId: number) {
  await tx.insert(documentTypes).values(DEFAULT_TYPES.map((t) => ({ entityId, ...t }))).onConflictDoNothing();
  return tx.select().from(documentTypes).where(eq(documentTypes.entityId, entityId)).orderBy(documentTypes.id);
}

/** Rule 181: the vaccine / PCR status a record gives, unless an administrator set it. */
export function statusOf(b: Body, today = new Date().toISOString().slice(0, 10)) {
  if (b.vaccine_status) return b.vaccine_status;
  if (b.expiry_date && b.expiry_date < today) return 'expired';
  if (b.type === 'covid_vaccine') return b.vaccine_name || b.date_taken ? 'vaccinated' : 'unchecked';
  if (b.pcr_result === 'negative') return 'negative_pcr';
  if (b.pcr_result === 'positive') return 'positive_pcr';
  return 'unchecked';
}

/** Checks an attached certificate by reading it: a decodable PNG/JPEG image or a PDF; stores it. */
export async function storeDocumentFile(storage: Storage, entityId: number, data: Buffer) {
  let ext: 'pdf' | 'jpg' | 'png';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') ext = 'pdf';
  else {
    const meta = await sharp(data, { limitInputPixels: 50_000_000 }).metadata().catch(() => null);
    if (!meta || (meta.format !== 'png' && meta.format !== 'jpeg')) throw badRequest({ file: ['documents.file_invalid'] });
    ext = meta.format === 'png' ? 'png' : 'jpg';
  }
  const name = `${entityId}-${randomBytes(8).toString('hex')}.${ext}`;
  await storage.put(`documents/${name}`, data);
  return `/api/files/documents/${name}`;
}

export async function createDocument(tx: Db, entityId: number, actorUserId: number, b: Body, file: string | null) {
  const types = await ensureDocumentTypes(tx, entityId);
  const typeId = b.document_type_id ?? types.find((t) => t.key === b.type)?.id ?? null;
  if (b.document_type_id && !types.some((t) => t.id === b.document_type_id)) throw badRequest({ document_type_id: ['errors.not_found'] });
  const [row] = await tx
    .insert(userDocuments)
    .values({
      entityId,
      userId: b.user_id,
      documentTypeId: typeId,
      type: b.type,
      vaccineName: b.vaccine_name,
      protocol: b.protocol,
      batchNumber: b.batch_number,
      dateTaken: b.date_taken,
      startDate: b.start_date,
      expiryDate: b.expiry_date,
      pcrResult: b.pcr_result,
      pcrDate: b.pcr_date,
      firstName: b.first_name,
      lastName: b.last_name,
      dateOfBirth: b.date_of_birth,
      notes: b.notes,
      file,
      acceptNegativePcr: b.accept_negative_pcr,
      vaccineStatus: statusOf(b),
      actionBy: actorUserId,
    })
    .returning();
  return row;
}

export const ownDocument = (entityId: number, id: number) => and(eq(userDocuments.entityId, entityId), eq(userDocuments.id, id));
