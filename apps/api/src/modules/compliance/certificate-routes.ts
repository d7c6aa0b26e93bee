import { flag, listOf, zCertificate, zCertificateBody, zCertificateSaved, zEntityIdParam, zId, zIdParam, zMessage, zTrustKey, zTrustKeyBody, zTrustKeySaved } from '@gatehouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { complianceCertificates, complianceTrustKeys, complianceVersions, compliances, users } from '../../db/schema/index';
import { badRequest, notFound } from '../../platform/errors';
import { defineRoutes } from '../../platform/http/route';
import { checkCertificate, NO_POLICY } from './certificates/store-certificate';
import { trustKeyValid } from './certificates/verify-certificate';

const tags = ['compliance'];
const present = (c: typeof complianceCertificates.$inferSelect) => ({
  id: c.id,
  user_id: c.userId,
  protocol: c.protocol,
  type: c.type,
  status: c.status,
  verified: flag(c.verified),
  holder_name: c.holderName,
  date_of_birth: c.dateOfBirth,
  date_taken: c.dateTaken,
  expiry_date: c.expiryDate,
  issuer: (c.metadata.issuer as string | null) ?? null,
  created_at: c.createdAt.toISOString(),
});

export default defineRoutes((r) => {
  r.route({
    method: 'POST',
    url: '/api/compliance_trust_key',
    summary: "Add a trusted signer to the organisation's trust list: an EC public key in PEM (EU DCC, key_id = kid in base64) or a JWKS (SMART Health Card, key_id = issuer)",
    permission: 'compliances',
    tags,
    body: zTrustKeyBody,
    status: 201,
    response: zTrustKeySaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        if (!trustKeyValid(body.kind, body.content)) throw badRequest({ content: ['compliance.trust_key_invalid'] });
        const [row] = await tx.insert(complianceTrustKeys).values({ entityId: actor.entityId, name: body.name, kind: body.kind, keyId: body.key_id ?? null, content: body.content }).returning();
        await audit(tx, 'create', 'compliance_trust_key', row.id, { name: row.name, kind: row.kind });
        return { message: t('compliance.trust_key_added'), data: { id: row.id, name: row.name, kind: row.kind, key_id: row.keyId, created_at: row.createdAt.toISOString() } };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/compliance_trust_keys/{entityId}',
    summary: "The organisation's trusted certificate signers",
    permission: 'compliances',
    tags,
    params: zEntityIdParam,
    response: listOf(zTrustKey),
    handler: ({ actor, tenant }) =>
      tenant(async (tx) => {
        const rows = await tx.select().from(complianceTrustKeys).where(eq(complianceTrustKeys.entityId, actor.entityId)).orderBy(complianceTrustKeys.name);
        return { data: rows.map((k) => ({ id: k.id, name: k.name, kind: k.kind, key_id: k.keyId, created_at: k.createdAt.toISOString() })), count: rows.length };
      }),
  });

  r.route({
    method: 'DELETE',
    url: '/api/compliance_trust_key/{id}',
    summary: 'Remove a trusted signer',
    permission: 'compliances',
    tags,
    params: zIdParam,
    response: zMessage,
    handler: ({ actor, params, tenant, audit, t }) =>
      tenant(async (tx) => {
        const [row] = await tx.delete(complianceTrustKeys).where(and(eq(complianceTrustKeys.id, params.id), eq(complianceTrustKeys.entityId, actor.entityId))).returning();
        if (!row) throw notFound();
        await audit(tx, 'delete', 'compliance_trust_key', row.id);
        return { message: t('compliance.trust_key_deleted') };
      }),
  });

  r.route({
    method: 'POST',
    url: '/api/compliance_certificate',
    summary: "Check a QR payload (EU DCC 'HC1:' or SMART Health Card 'shc:/') against the trust list, dates and PCR valid days; store it as the person's document",
    permission: ['compliances', 'users'],
    tags,
    body: zCertificateBody.extend({ compliance_id: zId.optional() }),
    status: 201,
    response: zCertificateSaved,
    handler: ({ actor, body, tenant, audit, t }) =>
      tenant(async (tx) => {
        const [person] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, body.user_id), eq(users.entityId, actor.entityId)));
        if (!person) throw notFound();
        let policy = NO_POLICY;
        if (body.compliance_id) {
          const [c] = await tx
            .select({ v: complianceVersions })
            .from(compliances)
            .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
            .where(and(eq(compliances.id, body.compliance_id), eq(compliances.entityId, actor.entityId), isNull(compliances.deletedAt)));
          if (!c) throw notFound();
          policy = { complianceId: body.compliance_id, protocols: c.v.protocols, acceptNegativePcr: c.v.acceptNegativePcr, pcrValidDays: c.v.pcrValidDays };
        }
        const { row, result } = await checkCertificate(tx, actor.entityId, { userId: person.id, payload: body.payload, policy, actorUserId: actor.userId, source: 'console' });
        await audit(tx, 'create', 'compliance_certificate', row.id, { status: row.status, verified: row.verified });
        return { message: t(result.verified ? 'compliance.certificate_saved' : 'compliance.certificate_untrusted'), data: present(row) };
      }),
  });

  r.route({
    method: 'GET',
    url: '/api/compliance_certificates',
    summary: "A person's checked certificates, newest first",
    permission: ['compliances', 'users'],
    tags,
    query: z.object({ user_id: zId, entity_id: zId.optional() }),
    response: listOf(zCertificate),
    handler: ({ actor, query, tenant }) =>
      tenant(async (tx) => {
        const [person] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, query.user_id), eq(users.entityId, actor.entityId)));
        if (!person) throw notFound();
        const rows = await tx
          .select()
          .from(complianceCertificates)
          .where(and(eq(complianceCertificates.entityId, actor.entityId), eq(complianceCertificates.userId, person.id)))
          .orderBy(desc(complianceCertificates.createdAt), desc(complianceCertificates.id));
        return { data: rows.map(present), count: rows.length };
      }),
  });
});

