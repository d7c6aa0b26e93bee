import { DEFAULT_RETENTION_DAYS } from '@gatehouse/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { privacySettings, userTypes } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/**
 * The retention each user type of the organisation follows (rules 282-283): its own setting, else the
 * organisation's default when it is a visitor (not staff) type, else none (kept). `typeId` narrows it to one type.
 * Columns: type_id, data_days, scan_days (nulls: kept).
 */
export const effectiveRetention = (entityId: number, typeId?: number | null) => sql`
  select ut.id as type_id,
         coalesce(own.data_retention_days, case when not ut.is_staff then def.data_retention_days end) as data_days,
         coalesce(own.scans_retention_days, case when not ut.is_staff then def.scans_retention_days end) as scan_days
  from user_types ut
  left join privacy_settings own on own.entity_id = ut.entity_id and own.user_type_id = ut.id
  left join privacy_settings def on def.entity_id = ut.entity_id and def.user_type_id is null
  where ut.entity_id = ${entityId} ${typeId ? sql`and ut.id = ${typeId}` : sql``}`;

/** The organisation's settings as the privacy manager shows them. */
export async function privacySettingsOf(tx: Db, entityId: number) {
  const [def] = await tx.select().from(privacySettings).where(and(eq(privacySettings.entityId, entityId), isNull(privacySettings.userTypeId)));
  const rows = rowsOf<{ id: number; name: string; is_staff: boolean; own_data: number | null; own_scans: number | null }>(
    await tx.execute(sql`select ut.id, ut.name, ut.is_staff, p.data_retention_days as own_data, p.scans_retention_days as own_scans
      from user_types ut left join privacy_settings p on p.entity_id = ut.entity_id and p.user_type_id = ut.id
      where ut.entity_id = ${entityId} order by ut.sort_order, ut.name`),
  );
  return {
    default: def ? { data_retention_days: def.dataRetentionDays, scans_retention_days: def.scansRetentionDays } : null,
    user_types: rows.map((r) => {
      const own = r.own_data !== null;
      const inherits = !own && !r.is_staff && !!def;
      return {
        user_type_id: Number(r.id),
        name: r.name,
        is_staff: r.is_staff ? (1 as const) : (0 as const),
        data_retention_days: own ? Number(r.own_data) : inherits ? def!.dataRetentionDays : null,
        scans_retention_days: own ? Number(r.own_scans) : inherits ? def!.scansRetentionDays : null,
        source: own ? ('own' as const) : inherits ? ('default' as const) : ('none' as const),
      };
    }),
  };
}

/** The conditions that decide who and what is beyond retention, shared by the impact count and the purge. */
export const scanBeyond = (entityId: number, now: Date, r: SQL) => sql`
  select s.id from scans s join users u on u.id = s.user_id join (${r}) r on r.type_id = u.user_type_id
  where s.entity_id = ${entityId} and r.scan_days is not null and s.at < ${now}::timestamptz - r.scan_days * interval '1 day'`;

/** People whose data is beyond retention: no role, not yet anonymised, nothing of theirs (a visit, a scan) since the cut-off. */
export const peopleBeyond = (entityId: number, now: Date, r: SQL) => sql`
  select u.id from users u join (${r}) r on r.type_id = u.user_type_id
  where u.entity_id = ${entityId} and r.data_days is not null and u.role_id is null and u.anonymised_at is null
    and u.created_at < ${now}::timestamptz - r.data_days * interval '1 day'
    and not exists (select 1 from visits v where v.user_id = u.id and (v.status in ('signed_in', 'expected')
      or coalesce(v.signed_out_at, v.signed_in_at, v.expected_at, v.created_at) >= ${now}::timestamptz - r.data_days * interval '1 day'))
    and not exists (select 1 from scans s where s.user_id = u.id and s.at >= ${now}::timestamptz - r.data_days * interval '1 day')`;

/**
 * How many people and scans a retention would remove now (shown before a period is shortened). `typeId` null:
 * the organisation's default, which applies to the visitor types without their own setting.
 */
export async function retentionImpact(tx: Db, entityId: number, typeId: number | null, days: { data: number; scans: number }, now = new Date()) {
  if (typeId) {
    const [t] = await tx.select({ id: userTypes.id }).from(userTypes).where(and(eq(userTypes.id, typeId), eq(userTypes.entityId, entityId)));
    if (!t) throw notFound('reports.user_type_unknown');
  }
  const proposed = typeId
    ? sql`select ${typeId}::int as type_id, ${days.data}::int as data_days, ${days.scans}::int as scan_days`
    : sql`select ut.id as type_id, ${days.data}::int as data_days, ${days.scans}::int as scan_days from user_types ut
        where ut.entity_id = ${entityId} and not ut.is_staff
          and not exists (select 1 from privacy_settings p where p.entity_id = ut.entity_id and p.user_type_id = ut.id)`;
  const [row] = rowsOf<{ people: number; scans: number }>(
    await tx.execute(sql`select (select count(*) from (${peopleBeyond(entityId, now, proposed)}) p)::int as people,
      (select count(*) from (${scanBeyond(entityId, now, proposed)}) s)::int as scans`),
  );
  return { people: Number(row.people), scans: Number(row.scans) };
}

/** A new organisation keeps visitors' data and scans 365 days unless changed (issue 18). */
export async function createDefaultRetention(tx: Db, entityId: number) {
  await tx
    .insert(privacySettings)
    .values({ entityId, userTypeId: null, dataRetentionDays: DEFAULT_RETENTION_DAYS, scansRetentionDays: DEFAULT_RETENTION_DAYS })
    .onConflictDoNothing();
}
