/** Test data of the people pages (component tests only). */
export const personRow = (id: number, first: string, extra: Record<string, unknown> = {}) => ({
  id,
  entity_id: 1,
  first_name: first,
  last_name: 'Test',
  full_name: `${first} Test`,
  email: `${first.toLowerCase()}@x.test`,
  phone: null,
  phone_code: null,
  id_number: null,
  company_name: null,
  image: null,
  status: 'active',
  user_type_id: 1,
  user_type: 'Visitor',
  role_id: null,
  department_id: null,
  rfid: null,
  has_passport: 0,
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

export const gridData = {
  user_types: [{ id: 1, name: 'Visitor' }, { id: 2, name: 'Staff' }],
  labels: [{ id: 4, name: 'Year 7' }],
  departments: [{ id: 6, name: 'Science' }],
  roles: [{ id: 8, name: 'Admin' }, { id: 9, name: 'Employee' }],
  sites: [{ id: 3, name: 'Main Campus' }],
  counts: { active: 2, archived: 1 },
  columns: [],
};

export const userType = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  entity_id: 1,
  name,
  parent_id: null,
  registration_method: 'allowed',
  pre_registration_method: 'allowed',
  grace_period: 30,
  mandatory_data: [],
  profile_photo: 0,
  allow_switch: 0,
  is_staff: 0,
  allowNotSelectHost: 0,
  hostUserTypesExist: 0,
  host_user_type_ids: [],
  sort_order: 0,
  users_count: 0,
  ...extra,
});

export const sections = [
  {
    id: 11,
    entity_id: 1,
    value: 'Visit details',
    custom_fields: [
      { id: 21, section_id: 11, name: 'Dietary needs', type: 'checkboxes', display: null, options: ['Vegan', 'Halal'], binding: null, badge_printable: 0, fillable_by_user: 1, required_at_pre_registration: 0 },
      { id: 22, section_id: 11, name: 'Parking', type: 'toggle', display: null, options: [], binding: null, badge_printable: 0, fillable_by_user: 0, required_at_pre_registration: 0 },
      { id: 23, section_id: 11, name: 'Purpose of visit', type: 'radio', display: null, options: ['Meeting', 'Delivery'], binding: null, badge_printable: 0, fillable_by_user: 0, required_at_pre_registration: 1 },
    ],
  },
];

export const fullUser = (extra: Record<string, unknown> = {}) => ({
  ...personRow(7, 'Kofi', { phone: '7700900123', phone_code: '+44', user_type_id: 1 }),
  roles: [],
  departments: [{ id: 6, name: 'Science' }],
  labels: [{ id: 4, name: 'Year 7' }],
  resources: { Locker: 'B-12' },
  sections: [{ section_id: 11, value: 'Visit details', custom_fields: [{ custom_field_id: 21, name: 'Dietary needs', type: 'checkboxes', value: '["Halal"]' }, { custom_field_id: 22, name: 'Parking', type: 'toggle', value: '1' }, { custom_field_id: 23, name: 'Purpose of visit', type: 'radio', value: 'Meeting' }] }],
  documents: [],
  last_visit: null,
  duplicates: [],
  face_id: null,
  all_sites: 1,
  sites: [],
  all_user_types: 1,
  user_types: [],
  ...extra,
});
