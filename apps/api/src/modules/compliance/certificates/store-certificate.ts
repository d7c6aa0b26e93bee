import { and, eq } from 'drizzle-orm';
import { complianceCertificates, complianceTrustKeys, userDocuments } from '../../../db/schema/index';
import type { Db } from '../../../platform/db/client';
import { badRequest } from '../../../platform/errors';
import { ensureDocumentTypes } from '../../documents';
import { verifyCertificate, type CertificateResult } from './verify-certificate';

/** What an entry condition asks of a certificate (rules 205-209); without one, PCR tests count for 3 days. */
export interface CertificatePolicy {
  complianceId: number | null;
  protocols: string[] | null;
  acceptNegativePcr: boolean;
  pcrValidDays: number;
}
export const NO_POLICY: CertificatePolicy = { complianceId: null, protocols: null, acceptNegativePcr: false, pcrValidDays: 3 };

/** Document statuses (rule 181) of the checked certificate statuses. */
const DOCUMENT_STATUS: Record<CertificateResult['status'], string> = {
  vaccinated: 'vaccinated',
  'negative PCR': 'negative_pcr',
  'positive PCR': 'positive_pcr',
  expired: 'expired',
  unchecked: 'unchecked',
  'not supported': 'not_supported',
};

/**
 * Which entry-condition protocols (rule 206) a read certificate stands for: NHS COVID passes are EU DCCs issued by
 * GB, NYS Excelsior Pass Plus is a SMART Health Card issued by New York State. The original Excelsior Pass has its
 * own format and is not read here.
 */
export function protocolsOf(result: Pick<CertificateResult, 'protocol' | 'issuer'>): string[] {
  if (result.protocol === 'eu_dcc') return result.issuer === 'GB' ? ['eu_dcc', 'nhs'] : ['eu_dcc'];
  return /(^|\.)ny\.gov(\/|$)/.test(result.issuer?.replace(/^https?:\/\//, '') ?? '') ? ['smart_health_card', 'nys_excelsior_plus'] : ['smart_health_card'];
}

const fullDate = (d: string | null) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null);

/**
 * Why a checked certificate does not satisfy an entry condition, as a message key, or null when it does: it must
 * be signed by a trusted issuer, of a protocol the entry condition names, and show a vaccination, or a negative
 * test within the PCR valid days when the entry condition accepts negative PCR.
 */
export function certificateRefusal(result: CertificateResult, policy: CertificatePolicy): string | null {
  if (!result.verified) return 'compliance.certificate_untrusted';
  if (policy.protocols && !protocolsOf(result).some((p) => policy.protocols!.includes(p))) return 'compliance.certificate_protocol';
  if (result.status === 'expired') return 'compliance.certificate_expired';
  if (result.status === 'positive PCR') return 'compliance.certificate_positive';
  if (result.status === 'negative PCR') return policy.acceptNegativePcr ? null : 'compliance.certificate_pcr_not_accepted';
  if (result.status === 'vaccinated') return null;
  return 'compliance.certificate_not_supported';
}

/**
 * Reads a QR payload against the organisation's trust list and stores the check; a certificate from a trusted
 * issuer also becomes a vaccine or PCR document of the person (rules 181-186) so the front desk sees it.
 * An unreadable payload is a 400 on `field` and stores nothing.
 */
export async function checkCertificate(
  tx: Db,
  entityId: number,
  input: { userId: number; payload: string; policy: CertificatePolicy; actorUserId: number | null; source: 'console' | 'online'; visitId?: number | null; field?: string },
) {
  const keys = await tx.select().from(complianceTrustKeys).where(eq(complianceTrustKeys.entityId, entityId));
  let result: CertificateResult;
  try {
    result = verifyCertificate(input.payload, keys, input.policy.pcrValidDays);
  } catch {
    throw badRequest({ [input.field ?? 'payload']: ['compliance.certificate_invalid'] });
  }
  const [row] = await tx
    .insert(complianceCertificates)
    .values({
      entityId,
      userId: input.userId,
      protocol: result.protocol,
      type: result.type,
      status: result.status,
      verified: result.verified,
      holderName: result.holderName,
      dateOfBirth: result.dateOfBirth,
      dateTaken: result.dateTaken,
      expiryDate: result.expiryDate,
      metadata: { issuer: result.issuer, notes: result.notes, pcr_valid_days: input.policy.pcrValidDays, compliance_id: input.policy.complianceId, visit_id: input.visitId ?? null, source: input.source },
    })
    .returning();
  if (result.verified && result.type !== 'recovery') {
    const types = await ensureDocumentTypes(tx, entityId);
    const test = result.type === 'test';
    await tx.insert(userDocuments).values({
      entityId,
      userId: input.userId,
      documentTypeId: types.find((t) => t.key === result.type)?.id ?? null,
      type: result.type,
      protocol: result.protocol,
      dateTaken: test ? null : fullDate(result.dateTaken),
      expiryDate: fullDate(result.expiryDate),
      pcrResult: !test ? null : result.status === 'positive PCR' ? 'positive' : result.status === 'not supported' ? null : 'negative',
      pcrDate: test ? fullDate(result.dateTaken) : null,
      dateOfBirth: fullDate(result.dateOfBirth),
      notes: [result.holderName, result.issuer].filter(Boolean).join(' · ') || null,
      acceptNegativePcr: input.policy.acceptNegativePcr,
      vaccineStatus: DOCUMENT_STATUS[result.status],
      actionBy: input.actorUserId,
      metadata: { certificate_id: row.id, source: input.source },
    });
  }
  return { row, result };
}

/** Links a stored check to the answer it was presented with. */
export async function linkCertificateAnswer(tx: Db, entityId: number, certificateId: number, answerId: number, refusal: string | null) {
  const [row] = await tx.select({ metadata: complianceCertificates.metadata }).from(complianceCertificates).where(and(eq(complianceCertificates.id, certificateId), eq(complianceCertificates.entityId, entityId)));
  await tx
    .update(complianceCertificates)
    .set({ metadata: { ...row.metadata, answer_id: answerId, refusal } })
    .where(and(eq(complianceCertificates.id, certificateId), eq(complianceCertificates.entityId, entityId)));
}
