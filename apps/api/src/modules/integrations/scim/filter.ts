import { ScimError } from './errors';

/** A SCIM filter we answer: one attribute compared for equality (`userName eq "ada@example.org"`). */
export interface EqFilter {
  /** The attribute, lower-cased. */
  attribute: string;
  value: string;
}

const EQ = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * Parses `filter` (RFC 7644 §3.4.2.2) for the attributes a resource allows. Only `eq` on those attributes is
 * answered; anything else is 400 `invalidFilter`, never a silently unfiltered list.
 */
export function parseFilter(filter: string | undefined, allowed: string[]): EqFilter | null {
  if (filter === undefined || filter.trim() === '') return null;
  const m = EQ.exec(filter);
  if (!m) throw new ScimError(400, 'Only filters of the form `attribute eq "value"` are supported', 'invalidFilter');
  const attribute = m[1]!.toLowerCase();
  if (!allowed.includes(attribute)) throw new ScimError(400, `Filtering on ${m[1]} is not supported (${allowed.join(', ')})`, 'invalidFilter');
  let value: string;
  try {
    value = JSON.parse(`"${m[2]}"`) as string;
  } catch {
    throw new ScimError(400, 'The filter value is not a valid string', 'invalidFilter');
  }
  return { attribute, value };
}

/** startIndex (1-based) and count of a list (RFC 7644 §3.4.2.4): out-of-range values are clamped, as the RFC says. */
export function paging(startIndex: number | undefined, count: number | undefined, max = 200) {
  const start = Math.max(1, Math.floor(startIndex ?? 1));
  const size = Math.min(max, Math.max(0, Math.floor(count ?? 100)));
  return { start, size, offset: start - 1 };
}
