import { type Compliance, flag } from '@gatehouse/contract';
import type { complianceUsers, complianceVersions, compliances } from '../../db/schema/index';

type ComplianceRow = typeof compliances.$inferSelect;
type VersionRow = typeof complianceVersions.$inferSelect;
type AnswerRow = typeof complianceUsers.$inferSelect;

export function presentCompliance(c: ComplianceRow, v: VersionRow): Compliance {
  return {
    id: c.id,
    entity_id: c.entityId,
    name: v.name,
    name_i18n: v.nameI18n,
    version: v.version,
    version_id: v.id,
    questions: v.questions,
    agreement_text: v.agreementText,
    agreement_text_i18n: v.agreementTextI18n,
    statement: v.statement,
    statement_i18n: v.statementI18n,
    asks_certificate: flag(v.protocols.length > 0),
    protocols: v.protocols,
    accept_negative_pcr: flag(v.acceptNegativePcr),
    pcr_valid_days: v.pcrValidDays,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentAnswer(a: AnswerRow, names: { compliance: string; version: number; user: string }) {
  return {
    id: a.id,
    user_id: a.userId,
    user_name: names.user,
    compliance_id: a.complianceId,
    compliance_name: names.compliance,
    version: names.version,
    visit_id: a.visitId,
    scan_id: a.scanId,
    area_id: a.areaId,
    user_type_id: a.userTypeId,
    answers: a.answers,
    notes: a.notes,
    mask_failed: flag(a.maskFailed),
    temperature: a.temperature,
    temperature_failed: flag(a.temperatureFailed),
    isWrong: flag(a.isWrong),
    isCompleted: 1 as const,
    status: a.status,
    source: a.source,
    created_at: a.createdAt.toISOString(),
  };
}
