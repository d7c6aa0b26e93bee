import { z } from 'zod';
import { listOf, one, zBool, zName } from './common';
import { PACKAGES, SUBSCRIPTIONS } from './plans';

/** Subdomain: lowercase letters, digits and hyphens, 3-40 characters, not starting or ending with a hyphen. */
export const zSubdomain = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'validation.subdomain_format');

export const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'app', 'mail', 'passport', 'kiosk', 'support', 'static'];

export const zEntityCreateBody = z.object({
  name: zName.max(100),
  subdomain: zSubdomain,
  package: z.enum(PACKAGES).default('Cloud'),
  subscription: z.enum(SUBSCRIPTIONS).optional(),
  plan: z.coerce.number().int().min(1).max(3).default(1),
});

export const zEntityUpdateBody = z.object({
  name: zName.max(100).optional(),
  subdomain: zSubdomain.optional(),
  package: z.enum(PACKAGES).optional(),
  subscription: z.enum(SUBSCRIPTIONS).optional(),
  plan: z.coerce.number().int().min(1).max(3).optional(),
  otp_roles: z.array(z.coerce.number().int().positive()).max(20).optional(),
  // zBool, not z.coerce.boolean: a multipart field arrives as the text "0", which coerces to true.
  remove_logo: zBool.optional(),
});

/** Logo: at least 200 x 45 px, at most 2 MB (rule 294). */
export const LOGO_MIN_WIDTH = 200;
export const LOGO_MIN_HEIGHT = 45;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const zEntity = z.object({
  id: z.number(),
  name: z.string(),
  subdomain: z.string(),
  logo: z.string().nullable(),
  package: z.enum(PACKAGES).nullable(),
  plan: z.number().nullable(),
  subscription: z.enum(SUBSCRIPTIONS).nullable(),
  owner_id: z.number().nullable(),
  otp_roles: z.array(z.number()),
  has_client_token: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Entity = z.infer<typeof zEntity>;

export const zCheckUniqueFieldBody = z.object({
  field: z.enum(['email', 'phone', 'id_number', 'subdomain']),
  value: z.string().trim().min(1).max(254),
  id: z.coerce.number().int().positive().optional(),
});

/** The organisations an account belongs to, the current one marked. */
export const zMemberships = listOf(z.object({ id: z.number(), name: z.string(), subdomain: z.string(), logo: z.string().nullable(), package: z.string().nullable(), role: z.string().nullable(), current: z.union([z.literal(0), z.literal(1)]) }));

export const zSubdomainCheck = z.object({ message: z.string(), data: z.object({ available: z.union([z.literal(0), z.literal(1)]) }) });

export const zEntityBySubdomain = one(z.object({ id: z.number(), name: z.string(), subdomain: z.string(), logo: z.string().nullable() }));

export const zClientTokenSaved = z.object({ message: z.string(), data: z.object({ token: z.string() }) });
