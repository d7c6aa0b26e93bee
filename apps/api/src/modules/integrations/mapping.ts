import { EMAIL_PATTERN, MAPPABLE_FIELDS, NAME_MAX } from '@gatehouse/contract';
import type { integrations } from '../../db/schema/index';
import type { DirectoryUser } from './adapters/index';

export interface MappedPerson {
  externalId: string;
  data: Record<string, string | null>;
  userTypeId: number | null;
  errors: Record<string, string[]>;
  /** NO_GROUP_TO_MAP (rule 278) or a field error: the run's error list names the type. */
  errorType: 'NO_GROUP_TO_MAP' | 'INVALID_FIELDS' | null;
  active: boolean;
}

type Integration = typeof integrations.$inferSelect;

const clean = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t ? t : null;
};

/**
 * A directory person in our fields (rule 275): the mapped fields, the user type of the first mapped group they
 * belong to (directly or through the memberships listed), and what is wrong with them.
 */
export function mapPerson(u: DirectoryUser, integ: Pick<Integration, 'mappedFields' | 'groups'>, memberships: Map<string, string[]>): MappedPerson {
  const data: Record<string, string | null> = {};
  for (const f of MAPPABLE_FIELDS) {
    const from = integ.mappedFields[f];
    if (from) data[f] = clean(u.fields[from]);
  }
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  if (!u.id) add('external_id', 'integrations.no_id');
  if (!data.first_name) add('first_name', 'integrations.first_name_required');
  if (!data.last_name) add('last_name', 'integrations.last_name_required');
  for (const f of ['first_name', 'last_name'] as const) if (data[f]) data[f] = data[f]!.slice(0, NAME_MAX);
  if (data.email) {
    data.email = data.email.toLowerCase();
    if (!EMAIL_PATTERN.test(data.email) || data.email.length > 254) add('email', 'integrations.email_invalid');
  }
  if (data.phone) {
    const digits = data.phone.replace(/\D/g, '');
    data.phone = digits.length >= 4 && digits.length <= 20 ? digits : null;
  }
  const groups = new Set([...u.groups, ...(memberships.get(u.id) ?? [])]);
  const mapping = integ.groups.find((g) => groups.has(g.group_id));
  const fieldErrors = Object.keys(errors).length > 0;
  if (!mapping) add('group', 'integrations.no_group_to_map');
  return {
    externalId: u.id,
    data,
    userTypeId: mapping?.user_type_id ?? null,
    errors,
    errorType: fieldErrors ? 'INVALID_FIELDS' : mapping ? null : 'NO_GROUP_TO_MAP',
    active: u.active,
  };
}

/**
 * A stable fingerprint of what we keep of a person (an unchanged person is not written again). The fields in name
 * order: a person read back from the temporary list (jsonb orders keys its own way) has the same fingerprint as
 * the same person mapped from the directory, so a full listing after the migration rewrites nobody.
 */
export function fingerprint(p: MappedPerson) {
  const data = Object.fromEntries(Object.entries(p.data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify([data, p.userTypeId, p.active]);
}
