import { invalidPath, invalidValue, ScimError } from './errors';
import type { PatchOp } from './resource';

type Obj = Record<string, unknown>;

/** The attribute names we know, by their lower-case spelling (SCIM attribute names are case-insensitive). */
const KNOWN = ['userName', 'externalId', 'name', 'displayName', 'emails', 'phoneNumbers', 'active', 'givenName', 'familyName', 'formatted', 'value', 'type', 'primary', 'members', 'display'];
const canon = (name: string) => KNOWN.find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
const CORE = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;
/** `attr`, `attr.sub`, `attr[key eq "v"]`, `attr[key eq "v"].sub`. */
const PATH = /^([A-Za-z][\w$-]*)(?:\[\s*([A-Za-z][\w$-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|\d+)\s*\])?(?:\.([A-Za-z][\w$-]*))?$/i;

export interface ParsedPath {
  attr: string;
  filter?: { key: string; value: unknown };
  sub?: string;
}

/** Null: an extension attribute (enterprise user…) we do not store, accepted and ignored. */
export function parsePath(raw: string): ParsedPath | null {
  const path = raw.trim().replace(CORE, '');
  if (/^urn:/i.test(path)) return null;
  const m = PATH.exec(path);
  if (!m) throw invalidPath(`The path "${raw.slice(0, 100)}" is not supported`);
  let value: unknown;
  try {
    value = m[3] ? JSON.parse(m[3]) : undefined;
  } catch {
    throw invalidPath('The path filter value is not valid');
  }
  return { attr: canon(m[1]!), filter: m[2] ? { key: canon(m[2]), value } : undefined, sub: m[4] ? canon(m[4]) : undefined };
}

const matches = (item: unknown, f: ParsedPath['filter']) =>
  !!f && !!item && typeof item === 'object' && String((item as Obj)[f.key]).toLowerCase() === String(f.value).toLowerCase();

/** Keys of a value object in their canonical spelling. */
function canonObject(v: Obj): Obj {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [CORE.test(k) || /^urn:/i.test(k) ? k : canon(k), x && typeof x === 'object' && !Array.isArray(x) ? canonObject(x as Obj) : x]));
}

function setAttr(target: Obj, op: 'add' | 'replace', attr: string, value: unknown) {
  const current = target[attr];
  if (op === 'add' && Array.isArray(current) && Array.isArray(value)) {
    const seen = new Set(current.map((c) => JSON.stringify((c as Obj)?.value)));
    target[attr] = [...current, ...value.filter((v) => !seen.has(JSON.stringify((v as Obj)?.value)))];
  } else if (value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)) {
    target[attr] = { ...(current as Obj), ...canonObject(value as Obj) };
  } else target[attr] = value && typeof value === 'object' && !Array.isArray(value) ? canonObject(value as Obj) : value;
}

/**
 * Applies a PatchOp's operations (RFC 7644 §3.5.2) to a resource as answered, giving the resource to store.
 * `add`/`replace` with or without a path, `remove` with a path; a multi-valued attribute may be narrowed by a
 * filter (`emails[type eq "work"].value`). Extension attributes are ignored.
 */
export function applyPatch(resource: Obj, ops: PatchOp[]): Obj {
  const out: Obj = structuredClone(resource);
  for (const o of ops) {
    const op = o.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, `Unknown operation "${o.op.slice(0, 20)}"`, 'invalidSyntax');
    if (!o.path) {
      if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
      if (!o.value || typeof o.value !== 'object' || Array.isArray(o.value)) throw invalidValue('An operation without a path needs an object value');
      for (const [k, v] of Object.entries(o.value as Obj)) {
        if (/^urn:/i.test(k) && !CORE.test(k)) continue;
        const p = parsePath(k);
        if (p) applyOne(out, op, p, v);
      }
      continue;
    }
    const p = parsePath(o.path);
    if (!p) continue;
    if (op !== 'remove' && o.value === undefined) throw invalidValue(`The operation on "${o.path.slice(0, 100)}" has no value`);
    applyOne(out, op, p, o.value);
  }
  return out;
}

function applyOne(out: Obj, op: 'add' | 'replace' | 'remove', p: ParsedPath, value: unknown) {
  if (!p.filter) {
    if (!p.sub) {
      if (op === 'remove') delete out[p.attr];
      else setAttr(out, op, p.attr, value);
      return;
    }
    const parent = out[p.attr] && typeof out[p.attr] === 'object' && !Array.isArray(out[p.attr]) ? (out[p.attr] as Obj) : {};
    if (op === 'remove') delete parent[p.sub];
    else parent[p.sub] = value;
    out[p.attr] = parent;
    return;
  }
  const list = Array.isArray(out[p.attr]) ? [...(out[p.attr] as unknown[])] : [];
  const hits = list.filter((item) => matches(item, p.filter));
  if (op === 'remove') {
    out[p.attr] = p.sub ? list.map((item) => (hits.includes(item) ? Object.fromEntries(Object.entries(item as Obj).filter(([k]) => k !== p.sub)) : item)) : list.filter((item) => !hits.includes(item));
    return;
  }
  if (!hits.length) {
    const fresh: Obj = { [p.filter!.key]: p.filter!.value };
    if (p.sub) fresh[p.sub] = value;
    else if (value && typeof value === 'object') Object.assign(fresh, canonObject(value as Obj));
    list.push(fresh);
  } else {
    for (const item of hits) {
      if (p.sub) (item as Obj)[p.sub] = value;
      else if (value && typeof value === 'object') Object.assign(item as Obj, canonObject(value as Obj));
    }
  }
  out[p.attr] = list;
}
