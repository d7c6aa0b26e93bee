/**
 * A person's details (rules 169-171) as plain values, without zod: the schemas use them, and the kiosk bundle
 * imports this file directly (`@gatehouse/contract/person-details`) to check a walk-in's details before sending.
 */

/** Names at least 2 characters (rule 169); 50 characters for most fields (rule 129). */
export const NAME_MIN = 2;
export const NAME_MAX = 50;
/** Phone: digits only, at most 20 (rule 170). */
export const PHONE_PATTERN = /^\d{1,20}$/;
/** A valid e-mail (rule 171): zod's own e-mail pattern, which `zEmail` checks with. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
