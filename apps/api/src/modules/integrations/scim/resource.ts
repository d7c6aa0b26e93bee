import { z } from 'zod';
import { invalidValue } from './errors';

/** SCIM User as we read and answer it (RFC 7643 §4.1), mapped to our person. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Entra sends booleans as "True"/"False". */
const zBool = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])]).transform((v) => v === true || String(v).toLowerCase() === 'true');
const zMulti = z.array(z.looseObject({ value: z.string().max(254).nullish(), type: z.string().max(50).nullish(), primary: zBool.nullish() })).max(20);

/** What a client sends for a User (POST, PUT, and a PATCH's result). Other attributes are accepted and ignored. */
export const zScimUserIn = z.looseObject({
  schemas: z.array(z.string().max(200)).max(10).optional(),
  userName: z.string().trim().min(1).max(254),
  externalId: z.string().trim().min(1).max(255).nullish(),
  name: z.looseObject({ givenName: z.string().max(100).nullish(), familyName: z.string().max(100).nullish(), formatted: z.string().max(200).nullish() }).nullish(),
  displayName: z.string().max(200).nullish(),
  emails: zMulti.nullish(),
  phoneNumbers: zMulti.nullish(),
  active: zBool.optional(),
});
export type ScimUserIn = z.output<typeof zScimUserIn>;

const zMeta = z.looseObject({ resourceType: z.string(), created: z.string(), lastModified: z.string(), location: z.string() });
export const zScimUser = z.looseObject({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.looseObject({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.looseObject({ value: z.string(), type: z.string(), primary: z.boolean() })),
  phoneNumbers: z.array(z.looseObject({ value: z.string(), type: z.string() })),
  active: z.boolean(),
  groups: z.array(z.looseObject({ value: z.string(), display: z.string() })),
  meta: zMeta,
});
export const zScimGroup = z.looseObject({
  schemas: z.array(z.string()),
  id: z.string(),
  displayName: z.string(),
  members: z.array(z.looseObject({ value: z.string(), display: z.string() })).optional(),
  meta: zMeta,
});
export const listOf = (item: z.ZodType) =>
  z.looseObject({ schemas: z.array(z.string()), totalResults: z.number(), startIndex: z.number(), itemsPerPage: z.number(), Resources: z.array(item) });

/** DELETE's answer: 204, no body. */
export const zNoContent = z.null();

export const zPatchOp = z.looseObject({
  schemas: z.array(z.string().max(200)).max(10).optional(),
  Operations: z
    .array(z.looseObject({ op: z.string().max(20), path: z.string().max(500).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(100),
});
export type PatchOp = z.output<typeof zPatchOp>['Operations'][number];

export const zListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
  count: z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
  excludedAttributes: z.string().max(200).optional(),
  attributes: z.string().max(500).optional(),
});
export const zScimId = z.object({ id: z.string().max(40) });

/** Our person fields from a SCIM User. */
export interface PersonFields {
  firstName: string;
  lastName: string;
  email: string | null;
  idNumber: string | null;
  phone: string | null;
  status: 'active' | 'archived';
  externalId: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{3,24}$/;
const pick = (list: ScimUserIn['emails']) => (list ?? []).find((e) => e.primary && e.value) ?? (list ?? []).find((e) => e.value);

/**
 * userName is the e-mail when it is one (Okta and Entra send the e-mail or UPN), else the person's ID number;
 * the primary e-mail wins over userName for the e-mail. Names fall back to displayName, then userName.
 */
export function toPerson(u: ScimUserIn): PersonFields {
  const userName = u.userName.trim();
  const mail = pick(u.emails)?.value?.trim() || (EMAIL.test(userName) ? userName : null);
  if (mail && !EMAIL.test(mail)) throw invalidValue('emails: not an e-mail address');
  // RFC 7643's examples write phone numbers as tel: URIs.
  const phone = pick(u.phoneNumbers)?.value?.trim().replace(/^tel:/i, '') || null;
  if (phone && !PHONE.test(phone)) throw invalidValue('phoneNumbers: not a phone number');
  const [first, ...rest] = (u.displayName ?? '').trim().split(/\s+/);
  const firstName = (u.name?.givenName ?? '').trim() || first || userName.split('@')[0]!;
  const lastName = (u.name?.familyName ?? '').trim() || rest.join(' ');
  return {
    firstName: firstName.slice(0, 100),
    lastName: lastName.slice(0, 100),
    email: mail,
    idNumber: EMAIL.test(userName) ? null : userName,
    phone,
    status: u.active === false ? 'archived' : 'active',
    externalId: u.externalId?.trim() || null,
  };
}

/** A person as read for SCIM. */
export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  id_number: string | null;
  status: 'active' | 'archived';
  role_id: number | null;
  user_type_id: number | null;
  type_name: string | null;
  external_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (d: string | Date) => new Date(d).toISOString();

export function presentUser(p: PersonRow, base: string) {
  return {
    schemas: [USER_SCHEMA],
    id: String(p.id),
    ...(p.external_id ? { externalId: p.external_id } : {}),
    userName: p.email ?? p.id_number ?? String(p.id),
    name: { givenName: p.first_name, familyName: p.last_name, formatted: `${p.first_name} ${p.last_name}`.trim() },
    displayName: `${p.first_name} ${p.last_name}`.trim(),
    emails: p.email ? [{ value: p.email, type: 'work', primary: true }] : [],
    phoneNumbers: p.phone ? [{ value: p.phone, type: 'work' }] : [],
    active: p.status === 'active',
    groups: p.user_type_id && p.type_name ? [{ value: String(p.user_type_id), display: p.type_name }] : [],
    meta: { resourceType: 'User', created: iso(p.created_at), lastModified: iso(p.updated_at), location: `${base}/Users/${p.id}` },
  };
}
