import { arrayAt, call, flatten, str } from './http';
import { type AttendanceMark, type Changes, type DirectoryAdapter, DirectoryError, type DirectoryGroup, type DirectoryUser, type Page, PHOTO_MAX_BYTES } from './types';

export interface WondeConfig {
  school_id: string;
  token: string;
  base_url?: string;
}

const PER_PAGE = 200;
/** Students and employees are both people: their kind is a group of its own (mapped to a user type). */
export const WONDE_KINDS = { students: 'kind:student', employees: 'kind:employee' } as const;

const wondeDate = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Wonde (directories.md §4): one long-lived token as Bearer; `/v1.0/schools/{id}/students|employees|groups`,
 * `{data, meta.pagination.next|more}` paging, `updated_after` plus `deletions` for changes, attendance marks
 * written to `attendance/session` (answer `writeback_id`).
 */
export class WondeAdapter implements DirectoryAdapter {
  readonly type = 'wonde' as const;
  readonly fields = ['forename', 'surname', 'legal_forename', 'legal_surname', 'middle_names', 'initials', 'title', 'mis_id', 'upi', 'contact_details.data.emails.email', 'contact_details.data.phones.phone', 'contact_details.data.phones.mobile', 'education_details.data.upn', 'education_details.data.admission_number'];
  private base: string;

  constructor(private config: WondeConfig) {
    this.base = `${(config.base_url ?? 'https://api.wonde.com').replace(/\/+$/, '')}/v1.0/schools/${encodeURIComponent(config.school_id)}`;
  }

  private get<T>(url: string) {
    // Only follow `next` links on the configured host: a directory answer cannot send our token elsewhere.
    if (!url.startsWith(this.base)) throw new DirectoryError('bad_answer', 'a page link points outside the school');
    return call<T>(url, { headers: { authorization: `Bearer ${this.config.token}` } });
  }

  async authenticate() {
    await this.get(`${this.base}/counts`).catch(async (err: DirectoryError) => {
      if (err.kind === 'not_found') await this.get(`${this.base}/students?per_page=1`);
      else throw err;
    });
  }

  async refresh() {
    // A Wonde token does not expire (directories.md): proving it again is the refresh.
    await this.authenticate();
  }

  private async list(url: string) {
    const body = await this.get<{ data: unknown[]; meta?: { pagination?: { next?: string | null; more?: boolean } } }>(url);
    const data = arrayAt(body, 'data');
    const p = body.meta?.pagination;
    const next = p && p.more !== false && typeof p.next === 'string' && p.next ? p.next : null;
    return { data, next };
  }

  private person(raw: unknown, kind: string): DirectoryUser | null {
    if (!raw || typeof raw !== 'object') return null;
    const r = raw as Record<string, unknown>;
    const id = str(r.id);
    const fields = flatten(r);
    const groups = [kind];
    for (const k of ['groups', 'classes']) {
      const inc = (r[k] as { data?: unknown[] } | undefined)?.data;
      if (Array.isArray(inc)) for (const g of inc) if (g && typeof g === 'object' && str((g as { id?: unknown }).id)) groups.push(str((g as { id: unknown }).id)!);
    }
    const employment = (r.employment_details as { data?: { current?: unknown } } | undefined)?.data;
    const leaving = (r.education_details as { data?: { leaving_date?: unknown } } | undefined)?.data?.leaving_date;
    const active = !(employment && employment.current === false) && !(leaving && typeof leaving === 'object' ? (leaving as { date?: string }).date && new Date((leaving as { date: string }).date) < new Date() : leaving && new Date(String(leaving)) < new Date());
    return { id: id ?? '', fields, groups, active };
  }

  /** Students, then employees: `from` is `students|<url>` or `employees|<url>`. */
  async users(from: string | null): Promise<Page<DirectoryUser>> {
    const [kind, url] = from ? [from.slice(0, from.indexOf('|')), from.slice(from.indexOf('|') + 1)] : ['students', ''];
    const k = kind === 'employees' ? 'employees' : 'students';
    const include = k === 'students' ? 'contact_details,education_details,groups' : 'contact_details,employment_details,groups';
    const { data, next } = await this.list(url || `${this.base}/${k}?include=${include}&per_page=${PER_PAGE}`);
    const items = data.map((r) => this.person(r, WONDE_KINDS[k])).filter((u): u is DirectoryUser => !!u);
    return { items, next: next ? `${k}|${next}` : k === 'students' ? 'employees|' : null };
  }

  async groups(from: string | null): Promise<Page<DirectoryGroup>> {
    if (!from) return { items: [{ id: WONDE_KINDS.students, name: 'Students', kind: 'kind' }, { id: WONDE_KINDS.employees, name: 'Employees', kind: 'kind' }], next: `${this.base}/groups?include=students&per_page=${PER_PAGE}` };
    const { data, next } = await this.list(from);
    const items: DirectoryGroup[] = [];
    for (const g of data) {
      const r = g as Record<string, unknown>;
      const id = str(r.id);
      if (!id) continue;
      const members = ((r.students as { data?: { id?: unknown }[] } | undefined)?.data ?? []).map((m) => str(m?.id)).filter((x): x is string => !!x);
      items.push({ id, name: str(r.name) ?? id, kind: str(r.type), members });
    }
    return { items, next };
  }

  async members(groupId: string): Promise<Page<string>> {
    const body = await this.get<{ data?: Record<string, { data?: { id?: unknown }[] }> }>(`${this.base}/groups/${encodeURIComponent(groupId)}?include=students,employees`);
    const ids: string[] = [];
    for (const k of ['students', 'employees']) for (const m of body.data?.[k]?.data ?? []) if (str(m?.id)) ids.push(str(m.id)!);
    return { items: ids, next: null };
  }

  async photo(userId: string) {
    const body = await call<{ data?: { photo?: { data?: { content?: string } } } }>(`${this.base}/students/${encodeURIComponent(userId)}?include=photo`, { headers: { authorization: `Bearer ${this.config.token}` }, maxBytes: Math.ceil(PHOTO_MAX_BYTES * 1.4) });
    const content = body.data?.photo?.data?.content;
    if (!content) return null;
    return { bytes: Buffer.from(content, 'base64'), mime: 'image/jpeg' };
  }

  /**
   * Changes since `cursor.updated_after`: students, employees (updated_after) and deletions, page by page; the
   * next cursor is the time this listing started (so a change during it is seen again, never lost).
   */
  async changes(cursor: Record<string, string>, from: string | null): Promise<Changes> {
    const since = cursor.updated_after ?? '1970-01-01 00:00:00';
    const started = from ? (from.split('|')[1] ?? wondeDate(new Date())) : wondeDate(new Date());
    const [phase, , url] = from ? splitN(from, 3) : ['students', started, ''];
    const q = `updated_after=${encodeURIComponent(since)}&per_page=${PER_PAGE}`;
    const out: Changes = { changed: [], removed: [], cursor: { updated_after: started }, next: null };
    if (phase === 'deletions') {
      const { data, next } = await this.list(url || `${this.base}/deletions?${q}`);
      for (const d of data) {
        const id = str((d as { id?: unknown; restored_at?: unknown }).id);
        if (id && !(d as { restored_at?: unknown }).restored_at) out.removed.push(id);
      }
      out.next = next ? `deletions|${started}|${next}` : null;
      return out;
    }
    const k = phase === 'employees' ? 'employees' : 'students';
    const include = k === 'students' ? 'contact_details,education_details,groups' : 'contact_details,employment_details,groups';
    const { data, next } = await this.list(url || `${this.base}/${k}?include=${include}&${q}`);
    out.changed = data.map((r) => this.person(r, WONDE_KINDS[k])).filter((u): u is DirectoryUser => !!u);
    out.next = next ? `${k}|${started}|${next}` : `${k === 'students' ? 'employees' : 'deletions'}|${started}|`;
    return out;
  }

  async attendanceCodes() {
    const codes: { id: string; code: string; name: string }[] = [];
    let url: string | null = `${this.base}/attendance-codes?per_page=${PER_PAGE}`;
    for (let i = 0; url && i < 100; i++) {
      const page: { data: unknown[]; next: string | null } = await this.list(url);
      for (const c of page.data as Record<string, unknown>[]) {
        const id = str(c.id);
        if (id) codes.push({ id, code: str(c.code) ?? '', name: str(c.description) ?? str(c.name) ?? str(c.code) ?? id });
      }
      url = page.next;
    }
    return codes;
  }

  async writeBack(marks: AttendanceMark[]) {
    const body = await call<{ writeback_id?: unknown }>(`${this.base}/attendance/session`, { method: 'POST', headers: { authorization: `Bearer ${this.config.token}` }, json: { attendance: marks } });
    const id = str(body.writeback_id);
    if (!id) throw new DirectoryError('bad_answer', 'no writeback_id in the answer');
    return { writebackId: id };
  }
}

/** Splits on the first n-1 `|` (the last part, a URL, may hold any character). */
function splitN(s: string, n: number) {
  const parts: string[] = [];
  let rest = s;
  for (let i = 1; i < n; i++) {
    const at = rest.indexOf('|');
    if (at < 0) break;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}
