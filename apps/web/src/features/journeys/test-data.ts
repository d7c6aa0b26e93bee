import type { Flow, Journey } from '@gatehouse/contract';

/** Journeys and flows as the API answers them, for the component tests of this feature. */
export const journeyRow = (over: Partial<Journey> = {}): Journey => ({
  id: 7,
  journey_id: 7,
  entity_id: 1,
  name: 'School reception',
  description: 'Main reception',
  logo: null,
  sites: [
    { id: 1, name: 'Main campus' },
    { id: 2, name: 'Sports hall' },
  ],
  site_ids: [1, 2],
  touch_mode: 1,
  quickpass_user_type_id: null,
  instruction_screen: 'Welcome to Northfield Academy.',
  shown_user_type_ids: [],
  covid_column_name: null,
  name_matching: 'quick',
  attendance_mode_id: null,
  print_badge: 1,
  door_relay: 0,
  wiegand_output: 0,
  facial_recognition: 0,
  rfid_scan: 0,
  temperature_check: 1,
  temperature_threshold: 37.8,
  mask_check: 0,
  flows_count: 1,
  created_at: '2026-01-05T09:00:00Z',
  updated_at: '2026-01-05T09:00:00Z',
  ...over,
});

export const flowRow = (over: Partial<Flow> = {}): Flow => ({
  id: 11,
  journey_flow_id: 11,
  journey_id: 7,
  journey_name: 'School reception',
  entity_id: 1,
  name: 'Visitors',
  description: null,
  user_type_id: 3,
  user_type_name: 'Visitor',
  input_method: 'qr',
  temperature_check: 0,
  mask_check: 1,
  compliance_id: 4,
  compliance_name: 'Health questionnaire',
  compliance_frequency: 'daily',
  send_before_visit: 60,
  reminder_interval: 30,
  section_ids: [],
  feedback: 0,
  print_badge: 0,
  door_relay: 1,
  wiegand_output: 0,
  facial_recognition: 0,
  rfid_scan: 0,
  host: 1,
  allow_no_host: 0,
  host_user_type_ids: [5],
  notification_emails: 'office@northfield.test',
  attendance_mode_id: null,
  created_at: '2026-01-05T09:00:00Z',
  updated_at: '2026-01-05T09:00:00Z',
  ...over,
});

export const empty = { data: [], count: 0 };
/** The option lists the journey and flow forms read (sites, user types, attendance modes, sections, entry conditions). */
export const optionRoutes = {
  'GET /api/sites_list/1': {
    data: [
      { id: 1, name: 'Main campus' },
      { id: 2, name: 'Sports hall' },
      { id: 3, name: 'Annex' },
    ],
    count: 3,
  },
  'GET /api/user-types/1': {
    data: [
      { id: 3, name: 'Visitor', registration_method: 'approval_required' },
      { id: 5, name: 'Staff', registration_method: 'not_required' },
    ],
    count: 2,
  },
  'GET /api/attendance_mode/1': { data: [{ id: 2, name: 'School day' }], count: 1 },
  'GET /api/section/with_custom_field': { data: [{ id: 8, value: 'Vehicle details' }], count: 1 },
  'GET /api/compliances/1': { data: [{ id: 4, name: 'Health questionnaire', version: 2 }], count: 1 },
  'GET /api/adminPreference/1': { data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/journeys', table_head: null, url: null } },
};
export const ADMIN_PERMISSIONS = { journeys: 1, sites_devices: 1, 'user types': 1, users: 1, 'attendance modes': 1, 'custom fields': 1, compliances: 1 } as const;
