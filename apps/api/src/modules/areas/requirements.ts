import type { AreaOptions, AreaRequirements } from '@gatehouse/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { areaCompliances, areaDocumentTypes, compliances, documentTypes, journeys } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { ensureDocumentTypes } from '../documents';

/**
 * What an area asks of the people entering it (rule 230): entry conditions (compliances, rules 205-210) and
 * documents (document types of the vaccine or PCR records, rule 186). Attached and removed through the area's
 * `compliance_ids` and `document_type_ids`; listed with the area.
 */
export interface RequirementIds {
  compliance_ids?: number[];
  document_type_ids?: number[];
}

const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];

/** A journey, entry conditions and document types of the organisation (not deleted), else 400 on the field. */
export async function checkAreaRefs(tx: Db, entityId: number, body: RequirementIds & { journey_id?: number | null }) {
  if (body.journey_id) {
    const [j] = await tx.select({ id: journeys.id }).from(journeys).where(and(eq(journeys.id, body.journey_id), eq(journeys.entityId, entityId)));
    if (!j) throw badRequest({ journey_id: ['areas.journey_unknown'] });
  }
  const cids = unique(body.compliance_ids);
  if (cids.length) {
    const found = await tx
      .select({ id: compliances.id })
      .from(compliances)
      .where(and(inArray(compliances.id, cids), eq(compliances.entityId, entityId), isNull(compliances.deletedAt)));
    if (found.length !== cids.length) throw badRequest({ compliance_ids: ['areas.compliance_unknown'] });
  }
  const dids = unique(body.document_type_ids);
  if (dids.length) {
    const found = await tx.select({ id: documentTypes.id }).from(documentTypes).where(and(inArray(documentTypes.id, dids), eq(documentTypes.entityId, entityId)));
    if (found.length !== dids.length) throw badRequest({ document_type_ids: ['areas.document_type_unknown'] });
  }
}

/** Replaces the lists that are given (a missing list keeps the area's). */
export async function setRequirements(tx: Db, entityId: number, areaId: number, body: RequirementIds) {
  if (body.compliance_ids) {
    await tx.delete(areaCompliances).where(and(eq(areaCompliances.entityId, entityId), eq(areaCompliances.areaId, areaId)));
    const ids = unique(body.compliance_ids);
    if (ids.length) await tx.insert(areaCompliances).values(ids.map((complianceId) => ({ entityId, areaId, complianceId })));
  }
  if (body.document_type_ids) {
    await tx.delete(areaDocumentTypes).where(and(eq(areaDocumentTypes.entityId, entityId), eq(areaDocumentTypes.areaId, areaId)));
    const ids = unique(body.document_type_ids);
    if (ids.length) await tx.insert(areaDocumentTypes).values(ids.map((documentTypeId) => ({ entityId, areaId, documentTypeId })));
  }
}

/** The requirement ids of the given areas (all the organisation's areas when no list is given). */
export async function requirementIds(tx: Db, entityId: number, areaIds?: number[]) {
  if (areaIds && !areaIds.length) return () => ({ complianceIds: [], documentTypeIds: [] });
  const c = await tx
    .select()
    .from(areaCompliances)
    .where(and(eq(areaCompliances.entityId, entityId), areaIds ? inArray(areaCompliances.areaId, areaIds) : undefined));
  const d = await tx
    .select()
    .from(areaDocumentTypes)
    .where(and(eq(areaDocumentTypes.entityId, entityId), areaIds ? inArray(areaDocumentTypes.areaId, areaIds) : undefined));
  return (areaId: number) => ({
    complianceIds: c.filter((l) => l.areaId === areaId).map((l) => l.complianceId),
    documentTypeIds: d.filter((l) => l.areaId === areaId).map((l) => l.documentTypeId),
  });
}

/** One area's entry conditions and documents, by name. */
export async function areaRequirements(tx: Db, entityId: number, areaId: number): Promise<AreaRequirements> {
  const comp = await tx
    .select({ id: compliances.id, name: compliances.name })
    .from(areaCompliances)
    .innerJoin(compliances, eq(compliances.id, areaCompliances.complianceId))
    .where(and(eq(areaCompliances.entityId, entityId), eq(areaCompliances.areaId, areaId), isNull(compliances.deletedAt)))
    .orderBy(asc(compliances.name));
  const docs = await tx
    .select({ id: documentTypes.id, key: documentTypes.key, name: documentTypes.name })
    .from(areaDocumentTypes)
    .innerJoin(documentTypes, eq(documentTypes.id, areaDocumentTypes.documentTypeId))
    .where(and(eq(areaDocumentTypes.entityId, entityId), eq(areaDocumentTypes.areaId, areaId)))
    .orderBy(asc(documentTypes.id));
  return { compliances: comp, documents: docs };
}

/** The choices of the area form: the organisation's journeys, entry conditions and document types. */
export async function areaOptions(tx: Db, entityId: number): Promise<AreaOptions> {
  const js = await tx.select({ id: journeys.id, name: journeys.name }).from(journeys).where(eq(journeys.entityId, entityId)).orderBy(asc(journeys.name));
  const cs = await tx
    .select({ id: compliances.id, name: compliances.name })
    .from(compliances)
    .where(and(eq(compliances.entityId, entityId), isNull(compliances.deletedAt)))
    .orderBy(asc(compliances.name));
  const ds = await ensureDocumentTypes(tx, entityId);
  return { journeys: js, compliances: cs, documents: ds.map((d) => ({ id: d.id, key: d.key, name: d.name })) };
}
