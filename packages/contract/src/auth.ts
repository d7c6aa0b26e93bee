import { z } from 'zod';
import { listOf, one, zEmail, zFlag, zLang, zName, zPassword } from './common';

export const zRegisterBody = z.object({
  first_name: zName,
  last_name: zName,
  email: zEmail,
  password: zPassword,
  lang: zLang.optional(),
});

/** A two-step code: six digits. */
export const zOtpCode = z.string().regex(/^\d{6}$/, 'validation.otp_format');

export const zLoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(200),
  otp: zOtpCode.optional(),
  entity_id: z.coerce.number().int().positive().optional(),
});

export const zForgotPasswordBody = z.object({ email: z.string().trim().toLowerCase().min(1).max(254), lang: zLang.optional() });
export const zResetPasswordBody = z.object({ token: z.string().min(20).max(200), password: zPassword });
export const zChangeLangBody = z.object({ lang: zLang });

export const zUserDetails = z.object({
  id: z.number(),
  user_id: z.number(),
  email: z.string(),
  fullName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  image: z.string().nullable(),
  role_id: z.number().nullable(),
  role: z.string().nullable(),
  is_otp_enabled: z.union([z.literal(0), z.literal(1)]),
  passport_id: z.string(),
  lang: zLang,
  is_support: z.union([z.literal(0), z.literal(1)]),
});
export type UserDetails = z.infer<typeof zUserDetails>;

export const zEntitySummary = z.object({
  id: z.number(),
  name: z.string(),
  subdomain: z.string(),
  logo: z.string().nullable(),
  package: z.enum(['Cloud', 'Standalone']).nullable(),
  plan: z.number().nullable(),
  subscription: z.enum(['cloud', 'standalone']).nullable(),
  owner_id: z.number().nullable(),
  otp_roles: z.array(z.number()),
});
export type EntitySummary = z.infer<typeof zEntitySummary>;

export const zPermissionMap = z.record(z.string(), z.object({ pivot: z.object({ allowed: z.union([z.literal(0), z.literal(1)]) }) }));

export const zSession = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: zUserDetails,
  entity: zEntitySummary.nullable(),
  permissions: zPermissionMap,
  role: z.object({ id: z.number(), name: z.string() }).nullable(),
  plan: z.number().nullable(),
});
export type Session = z.infer<typeof zSession>;

/** Two-step set-up (rules 83-85). */
export const zOtpSetup = z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() });
export const zOtpVerifyBody = z.object({ otp: zOtpCode });
export const zOtpDisableBody = z.object({ password: z.string().min(1).max(200) });

/** The session's role with its permission map (null without one). */
export const zUserRole = one(z.object({ id: z.number(), name: z.string(), key: z.string(), permissions: zPermissionMap }).nullable());

export const zClientSecret = one(z.object({ client_id: z.string(), client_secret: z.string() }));

export const zAccessToken = one(z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number(), entity_id: z.number().nullable() }));

/** A role with its permission map (rule 90). */
export const zRolePermissions = z.object({ id: z.number(), key: z.string(), name: z.string(), permissions: z.record(z.string(), z.object({ pivot: z.object({ allowed: zFlag }) })) });

export const zRolePermissionsAnswer = z.object({ data: zRolePermissions });

/** What a role change gives a member: its sites and user types (rule 68's notice). */
export const zRoleChangeDetails = z.object({ data: z.object({ siteNames: z.array(z.string()), userTypeNames: z.array(z.string()), role: z.string().nullable() }) });

export const zPassportToken = one(z.object({ token: z.string(), expires_at: z.string() }));

/** A passport account's activation (rules 62, 82). */
export const zPassportActivation = one(z.object({ passport_id: z.string(), is_active: z.union([z.literal(0), z.literal(1)]), deactivated_at: z.string().nullable(), days_since_deactivation: z.number().nullable() }));

/** Invitations to organisations' dashboards waiting for the account. */
export const zInvitations = listOf(z.object({ id: z.number(), entity_id: z.number(), entity_name: z.string(), role: z.string().nullable(), created_at: z.string() }));

export const zInvitationAnswered = z.object({ message: z.string(), data: z.object({ entity_id: z.number() }) });
