import type { Integration, TempUser } from './api/integrations';

/** An integration as the API presents it (no credential values: only which keys are set, rule 267). */
export const integration = (over: Partial<Integration> = {}): Integration => ({
  id: 4,
  name: 'Northfield Wonde',
  type: 'wonde',
  status: 'draft',
  sync_frequency: 'daily',
  auto_sync: 0,
  site_ids: [],
  mapped_fields: {},
  groups: [],
  migration_field: null,
  scans_per_day: 1,
  sync_code: 3,
  migration_stage: 'idle',
  last_synced_at: null,
  next_sync_at: null,
  token_at: '2026-11-26T08:00:00Z',
  last_error: null,
  configured: ['school_id', 'token'],
  synced_users: 0,
  temp: { valid: 0, error: 0, duplicate: 0 },
  ...over,
});

export const temp = (over: Partial<TempUser> = {}): TempUser => ({
  id: 31,
  external_id: 'A1234',
  state: 'error',
  data: { first_name: 'Maya', last_name: null, email: 'maya@northfield.test' },
  user_type_id: null,
  errors: { last_name: ['The last name is missing.'] },
  duplicate_of: null,
  ...over,
});

export const WONDE_FIELDS = ['forename', 'surname', 'contact_details.data.emails.email', 'mis_id'];
