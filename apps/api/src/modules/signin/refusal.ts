import { translate, type Language } from '@gatehouse/contract';
import type { AppError } from '../../platform/errors';

/**
 * A refused sign-in as one sentence for a list of people (checkin_users' errors, a mass action's skipped): the
 * flow's checks, host, entry condition or the area's asks. A named refusal (the entry condition "Health" did not
 * pass) says why too when its field message adds it (notes of at least 20 characters, rules 210-211).
 */
export function refusalMessage(lang: Language, err: AppError) {
  const field = Object.values(err.extra.errors ?? {}).flat()[0];
  if (!err.extra.vars) return translate(lang, field ?? err.message);
  const named = translate(lang, err.message, err.extra.vars);
  return field && field !== err.message ? `${named} ${translate(lang, field, err.extra.vars)}` : named;
}
