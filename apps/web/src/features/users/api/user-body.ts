import type { UserFull } from './users';
import type { Named } from './users';

/** The user form's state: text as typed, choices as ids, resources as editable rows, custom-field values by field id. */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_code: string;
  phone: string;
  id_number: string;
  company_name: string;
  user_type_id: number | null;
  role_id: number | null;
  department: string;
  labels: string[];
  resources: { name: string; value: string }[];
  all_sites: boolean;
  sites: number[];
  all_user_types: boolean;
  user_types: number[];
}

/** Custom-field values as the form holds them (rule 218: checkboxes a JSON string, toggle '1' or '0'). */
export type CustomValues = Record<number, string>;

export function initialValues(u: UserFull | null): UserFormValues {
  return {
    first_name: u?.first_name ?? '',
    last_name: u?.last_name ?? '',
    email: u?.email ?? '',
    phone_code: u?.phone_code ?? '',
    phone: u?.phone ?? '',
    id_number: u?.id_number ?? '',
    company_name: u?.company_name ?? '',
    user_type_id: u?.user_type_id ?? null,
    role_id: u?.role_id ?? null,
    department: u?.departments[0]?.name ?? '',
    labels: u?.labels.map((l) => l.name) ?? [],
    resources: Object.entries(u?.resources ?? {}).map(([name, value]) => ({ name, value })),
    all_sites: u ? u.all_sites === 1 : true,
    sites: u?.sites ?? [],
    all_user_types: u ? u.all_user_types === 1 : true,
    user_types: u?.user_types ?? [],
  };
}

export function initialCustomValues(u: UserFull | null): CustomValues {
  const out: CustomValues = {};
  for (const s of u?.sections ?? []) for (const f of s.custom_fields) if (f.value !== null) out[f.custom_field_id] = f.value;
  return out;
}

/**
 * The body POST /api/users and /api/users/update/{id} take (zUserBody): empty texts become null (cleared), the
 * department goes by id when it exists and by name when new (the server creates it), custom fields as
 * { custom_field_id, type, value } items (only the fields the form changed). The user-type grants go only for
 * people with a role (console users).
 */
export function buildUserBody(v: UserFormValues, custom: CustomValues, fieldTypes: Map<number, string>, departments: Named[], changedCustom: Set<number>) {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  const dept = v.department.trim();
  const known = departments.find((d) => d.name.toLowerCase() === dept.toLowerCase());
  const body: Record<string, unknown> = {
    first_name: v.first_name,
    last_name: v.last_name,
    email: text(v.email),
    phone: text(v.phone),
    phone_code: v.phone.trim() ? text(v.phone_code) : null,
    id_number: text(v.id_number),
    company_name: text(v.company_name),
    user_type_id: v.user_type_id ?? undefined,
    role_id: v.role_id,
    labels: v.labels,
    resources: Object.fromEntries(v.resources.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value.trim()])),
    all_sites: v.all_sites ? 1 : 0,
    sites: v.all_sites ? [] : v.sites,
  };
  if (!dept) body.department_id = null;
  else if (known) body.department_id = known.id;
  else body.department = dept;
  if (v.role_id) {
    body.all_user_types = v.all_user_types ? 1 : 0;
    body.user_types = v.all_user_types ? [] : v.user_types;
  }
  // The server names a bad value by its place in this list (custom_fields.<i>): customIds maps it back.
  const customIds = [...changedCustom].filter((id) => fieldTypes.has(id));
  if (customIds.length) body.custom_fields = customIds.map((id) => ({ custom_field_id: id, type: fieldTypes.get(id), value: custom[id] ?? '' }));
  return { body, customIds };
}

/** The same body as multipart with the photo: the JSON body in one `data` field beside the `image` file. */
export function toFormData(body: Record<string, unknown>, image: File) {
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  form.append('image', image);
  return form;
}
