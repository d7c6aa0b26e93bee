import { CONFIG_SCHEMAS, type DirectoryTypeKey, type zIntegration } from '@gatehouse/contract';
import type { z } from 'zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import { integrationPeople, integrations, integrationTempUsers } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { adapterFor } from './adapters/index';
import { openCredentials, sealCredentials } from './secrets';

export type IntegrationRow = typeof integrations.$inferSelect;
/** The SCIM endpoint's row (scim/token.ts): not a directory, so no directory call sees it. */
export const SCIM = 'scim' as never;

/** The organisation's integration, or 404 (another organisation's is not found either). */
export async function loadIntegration(tx: Db, entityId: number, id: number): Promise<IntegrationRow> {
  const [row] = await tx.select().from(integrations).where(and(eq(integrations.entityId, entityId), eq(integrations.id, id), ne(integrations.type, SCIM)));
  if (!row) throw notFound('integrations.unknown');
  return row;
}

const aad = (entityId: number) => `entity:${entityId}`;
export const seal = (secretKey: string, entityId: number, config: object) => sealCredentials(secretKey, config, aad(entityId));
export const openConfig = (secretKey: string, row: Pick<IntegrationRow, 'entityId' | 'credentials'>) => openCredentials<Record<string, unknown>>(secretKey, row.credentials, aad(row.entityId));
export const adapterOf = (secretKey: string, row: IntegrationRow) => adapterFor(row.type, openConfig(secretKey, row));

/** The per-type configuration schema (rule 267). */
export const configSchema = (type: DirectoryTypeKey) => CONFIG_SCHEMAS[type] as z.ZodType<Record<string, unknown>>;

/** An integration as answered: never its credentials, only which keys are set (rule 267). */
export async function presentIntegration(tx: Db, secretKey: string, row: IntegrationRow): Promise<z.input<typeof zIntegration>> {
  const [synced] = await tx.select({ n: sql<number>`count(*)::int` }).from(integrationPeople).where(and(eq(integrationPeople.integrationId, row.id), sql`${integrationPeople.removedAt} is null`));
  const temp = await tx.select({ state: integrationTempUsers.state, n: sql<number>`count(*)::int` }).from(integrationTempUsers).where(eq(integrationTempUsers.integrationId, row.id)).groupBy(integrationTempUsers.state);
  let configured: string[] = [];
  try {
    configured = Object.entries(openConfig(secretKey, row))
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k]) => k);
  } catch {
    configured = [];
  }
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    sync_frequency: row.syncFrequency,
    auto_sync: row.autoSync ? 1 : 0,
    site_ids: row.siteIds,
    mapped_fields: row.mappedFields as Record<string, string>,
    groups: row.groups,
    migration_field: row.migrationField,
    scans_per_day: row.scansPerDay,
    sync_code: row.syncCode,
    migration_stage: row.migrationStage,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    next_sync_at: row.nextSyncAt?.toISOString() ?? null,
    token_at: row.tokenAt?.toISOString() ?? null,
    last_error: row.lastError,
    configured,
    synced_users: synced?.n ?? 0,
    temp: { valid: 0, error: 0, duplicate: 0, ...Object.fromEntries(temp.map((t) => [t.state, t.n])) },
  };
}

/** The next automatic sync after `from` (rule 277): daily, weekly, monthly, or within minutes ("immediately"). */
export function nextSyncAt(frequency: IntegrationRow['syncFrequency'], from = new Date()) {
  const day = 86_400_000;
  const add = { immediately: 5 * 60_000, daily: day, weekly: 7 * day, monthly: 30 * day }[frequency];
  return new Date(from.getTime() + add);
}
