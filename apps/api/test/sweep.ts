import { randomUUID } from 'node:crypto';
import type { Database } from '../src/platform/db/client';

/** Helpers of the cross-tenant sweep (cross-tenant.test.ts): OpenAPI reading, sample values, tenant snapshots. */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  const?: unknown;
  default?: unknown;
};

export interface Operation {
  method: string;
  path: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

export function operations(doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) out.push({ ...op, method: method.toUpperCase(), path });
    }
  }
  return out;
}

/** `entityId`, `entity_id`, `entity`: the organisation itself. */
export const isEntityKey = (name: string) => /^entity(_?id)?$/i.test(name);
/** `id`, `site_id`, `userId`, … : an object of some organisation. */
export const isIdKey = (name: string) => name === 'id' || /_id$/.test(name) || /[a-z]Id$/.test(name);

const SAMPLE_TEXTS = ['Sample text', 'Sample', '/sample', 'sample', '2026-01-15', '09:00:00', 'sweep@example.test', '5551234', 'en', 'abc-123', 'a1'];

/** A value the schema accepts, ids taken from `idFor(name)`. Good enough to get past most validation. */
export function sample(schema: JsonSchema | undefined, name: string, idFor: (name: string) => number | undefined, depth = 0, target?: string): unknown {
  if (!schema || depth > 4) return 'sample';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], name, idFor, depth + 1, target);
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf), name, idFor, depth + 1, target);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return idFor(name) ?? Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, name, idFor, depth + 1, target));
    case 'object': {
      const obj: Record<string, unknown> = {};
      for (const key of schema.required ?? []) obj[key] = sample(schema.properties?.[key], key, idFor, depth + 1, target);
      // optional properties only when they are the id under test (an optional id of ours would mask it)
      for (const [key, prop] of Object.entries(schema.properties ?? {})) if (!(key in obj) && key === target) obj[key] = sample(prop, key, idFor, depth + 1, target);
      return obj;
    }
    default: {
      if (isIdKey(name) || isEntityKey(name)) {
        const id = idFor(name);
        if (id !== undefined && !schema.format && !schema.pattern) return String(id);
      }
      if (schema.format === 'email') return 'sweep@example.test';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T09:00:00.000Z';
      const re = schema.pattern ? new RegExp(schema.pattern) : null;
      const fits = (s: string) => (!re || re.test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
      return SAMPLE_TEXTS.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
  }
}

/** Tables with an `entity_id` column (row-level security covers exactly these). */
export async function tenantTables(database: Database) {
  const { rows } = await database.sql.query<{ table_name: string; has_id: boolean }>(
    `select c.table_name, exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as has_id
       from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'entity_id' and t.table_type = 'BASE TABLE' order by 1`,
  );
  return rows;
}

/** Every row an organisation owns (as the database owner, outside row-level security), table by table. */
export async function snapshot(database: Database, entityId: number, skip: string[] = ['sessions']) {
  const out: Record<string, unknown[]> = {};
  for (const t of await tenantTables(database)) {
    if (skip.includes(t.table_name)) continue;
    out[t.table_name] = (await database.sql.query(`select * from "${t.table_name}" where entity_id = $1 order by 1, 2`, [entityId])).rows;
  }
  out.entities = (await database.sql.query('select * from entities where id = $1', [entityId])).rows;
  return out;
}

/** A few ids of each of an organisation's tables (first and last). */
export async function idsByTable(database: Database, entityId: number) {
  const out: Record<string, number[]> = {};
  for (const t of await tenantTables(database)) {
    if (!t.has_id) continue;
    const { rows } = await database.sql.query<{ id: number }>(
      `(select id from "${t.table_name}" where entity_id = $1 order by id limit 2) union (select id from "${t.table_name}" where entity_id = $1 order by id desc limit 1)`,
      [entityId],
    );
    if (rows.length) out[t.table_name] = rows.map((r) => Number(r.id));
  }
  return out;
}

/** Strings that only the organisation's rows hold: names with a space, e-mails, codes with digits (not dates). */
export function markers(theirs: Record<string, unknown[]>, ours: Record<string, unknown[]>) {
  const collect = (snap: Record<string, unknown[]>) => {
    const set = new Set<string>();
    const walk = (v: unknown) => {
      if (typeof v === 'string') set.add(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object' && !(v instanceof Date)) Object.values(v).forEach(walk);
    };
    walk(snap);
    return set;
  };
  const mine = collect(ours);
  return [...collect(theirs)].filter(
    (s) => s.length >= 6 && !mine.has(s) && /[\s@\d]/.test(s) && !/^\d+$/.test(s) && !/^\d{4}-\d{2}-\d{2}/.test(s) && !/^[\d\s:.+-]+$/.test(s),
  );
}

/** Which of the organisation's tables an id parameter most likely names: `site_id` → sites, `{id}` after /journey/ → journeys… */
export function tablesFor(param: string, path: string, tables: string[]): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  let words: string[];
  if (param === 'id') {
    const before = path.slice(0, path.indexOf(`{${param}}`)).split('/').filter((s) => s && s !== 'api' && !s.startsWith('{'));
    words = before.flatMap((s) => s.split(/[-_]/)).filter((w) => w.length > 2);
    words = words.length ? [words.join(''), ...words.reverse()] : [];
  } else {
    words = [param.replace(/_?id$/i, '')];
  }
  for (const w of words.map(norm).filter(Boolean)) {
    const hits = tables.filter((t) => norm(t).startsWith(w) || (w.length > 3 && norm(t).startsWith(w.replace(/s$/, ''))));
    if (hits.length) return hits;
  }
  return [];
}
