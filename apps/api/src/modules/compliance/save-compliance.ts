import type { ComplianceBody } from '@gatehouse/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { complianceUsers, complianceVersions, compliances, journeyFlows } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { presentCompliance } from './present';

type Audit = (tx: Db, action: string, subject: string, subjectId?: string | number | null, changes?: Record<string, unknown>) => Promise<void>;

const versionValues = (entityId: number, complianceId: number, version: number, b: ComplianceBody) => ({
  entityId,
  complianceId,
  version,
  name: b.name,
  nameI18n: b.name_i18n ?? {},
  // Question ids stay stable across versions when the console sends them back; new questions get one.
  questions: b.questions.map((q) => ({ id: q.id ?? randomBytes(6).toString('hex'), question: q.question, question_i18n: q.question_i18n ?? {}, desired_answer: q.desired_answer })),
  agreementText: b.agreement_text,
  agreementTextI18n: b.agreement_text_i18n ?? {},
  statement: b.statement,
  statementI18n: b.statement_i18n ?? {},
  protocols: b.protocols,
  acceptNegativePcr: b.accept_negative_pcr,
  pcrValidDays: b.pcr_valid_days,
});

/** Entry conditions with their current version (deleted ones are hidden). */
export async function loadCompliances(tx: Db, entityId: number, where?: SQL) {
  const rows = await tx
    .select({ c: compliances, v: complianceVersions })
    .from(compliances)
    .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
    .where(and(eq(compliances.entityId, entityId), isNull(compliances.deletedAt), where))
    .orderBy(asc(compliances.name), asc(compliances.id));
  return rows.map((r) => presentCompliance(r.c, r.v));
}

/** Every version of an entry condition, newest first, with how many answers kept it. */
export async function complianceVersionsOf(tx: Db, entityId: number, complianceId: number) {
  const rows = await tx
    .select({ version: complianceVersions.version, name: complianceVersions.name, createdAt: complianceVersions.createdAt, answers: sql<number>`count(${complianceUsers.id})::int` })
    .from(complianceVersions)
    .leftJoin(complianceUsers, and(eq(complianceUsers.complianceVersionId, complianceVersions.id), eq(complianceUsers.entityId, entityId)))
    .where(and(eq(complianceVersions.entityId, entityId), eq(complianceVersions.complianceId, complianceId)))
    .groupBy(complianceVersions.id)
    .orderBy(desc(complianceVersions.version));
  return rows.map((r) => ({ version: r.version, name: r.name, created_at: r.createdAt.toISOString(), answers_count: r.answers }));
}

export const searchCompliances = (search: string) => ilike(compliances.name, `%${search.replace(/[%_\\]/g, '\\$&')}%`);

export async function createCompliance(tx: Db, entityId: number, b: ComplianceBody, audit: Audit) {
  const [c] = await tx.insert(compliances).values({ entityId, name: b.name, version: 1 }).returning();
  await tx.insert(complianceVersions).values(versionValues(entityId, c.id, 1, b));
  await audit(tx, 'create', 'compliance', c.id, { name: b.name });
  return c.id;
}

/** Editing creates a new version; answers already given keep the version they answered. */
export async function updateCompliance(tx: Db, entityId: number, id: number, b: ComplianceBody, audit: Audit) {
  const [c] = await tx.select().from(compliances).where(and(eq(compliances.id, id), eq(compliances.entityId, entityId), isNull(compliances.deletedAt))).for('update');
  if (!c) throw notFound();
  const version = c.version + 1;
  await tx.insert(complianceVersions).values(versionValues(entityId, id, version, b));
  await tx.update(compliances).set({ name: b.name, version, updatedAt: sql`now()` }).where(and(eq(compliances.id, id), eq(compliances.entityId, entityId)));
  await audit(tx, 'update', 'compliance', id, { name: b.name, version });
  return id;
}

export async function deleteCompliance(tx: Db, entityId: number, id: number, audit: Audit) {
  const [c] = await tx
    .update(compliances)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(compliances.id, id), eq(compliances.entityId, entityId), isNull(compliances.deletedAt)))
    .returning();
  if (!c) throw notFound();
  await tx.update(journeyFlows).set({ complianceId: null }).where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.complianceId, id)));
  await audit(tx, 'delete', 'compliance', id);
}
