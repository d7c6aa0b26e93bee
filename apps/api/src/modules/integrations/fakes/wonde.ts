import { personName, send, startFake } from './server';

/**
 * The Wonde fake (directories.md, "What a local fake must do"): Bearer or Basic token, unknown token 401, a school
 * not approved 403, `/v1.0/schools/{id}/students|employees|groups|classes|deletions|attendance-codes` with
 * `include`, `per_page`, `page`, `updated_after`, `{data}` wrappers and `meta.pagination` (`next`, `more`);
 * `POST attendance/session` validated (422 with an error list) and stored with a `writeback_id`. Switches:
 * `rateLimit429` answers the next N calls 429 with Retry-After: 1; `marksPerSecond` limits write-back calls.
 */
export interface WondeStudent {
  id: string;
  forename: string;
  surname: string;
  email: string | null;
  updated: string;
  groups: string[];
  mis_id: string;
}

const stamp = (d: Date) => ({ date: `${d.toISOString().slice(0, 19).replace('T', ' ')}.000000`, timezone_type: 3, timezone: 'UTC' });

export async function startWondeFake(opts: { students?: number; employees?: number; token?: string; school?: string; port?: number } = {}) {
  const token = opts.token ?? 'wonde-token';
  const school = opts.school ?? 'A1930499544';
  const old = new Date(Date.now() - 30 * 86_400_000);
  const state = {
    tokens: new Set([token]),
    approved: new Set([school]),
    students: Array.from({ length: opts.students ?? 3 }, (_, i): WondeStudent => {
      const n = personName(i);
      return { id: `A${100000 + i}`, forename: n.first, surname: n.last, email: `${n.first.toLowerCase()}.${n.last.toLowerCase()}${i}@pupil.test`, updated: old.toISOString(), groups: [i % 2 ? 'G7R' : 'G8B'], mis_id: String(1000 + i) };
    }),
    employees: Array.from({ length: opts.employees ?? 1 }, (_, i): WondeStudent => {
      const n = personName(i + 7);
      return { id: `E${200000 + i}`, forename: n.first, surname: `${n.last}-Staff`, email: `staff${i}@school.test`, updated: old.toISOString(), groups: [], mis_id: String(9000 + i) };
    }),
    groups: [
      { id: 'G7R', name: '7R', type: 'REGISTRATION' },
      { id: 'G8B', name: '8B', type: 'REGISTRATION' },
    ],
    deletions: [] as { id: string; type: string; deleted_at: string }[],
    codes: [
      { id: 'C1', code: '/', description: 'Present (AM)' },
      { id: 'C2', code: 'L', description: 'Late (before registers closed)' },
      { id: 'C3', code: 'U', description: 'Late (after registers closed)' },
      { id: 'C4', code: 'M', description: 'Medical/Dental appointment' },
    ],
    marks: [] as { writeback_id: string; attendance: Record<string, unknown>[] }[],
    rateLimit429: 0,
    /** Write-back calls allowed per second (429 with Retry-After: 1 beyond). */
    writesPerSecond: Infinity,
    writeTimes: [] as number[],
    calls: [] as string[],
  };
  const fake = await startFake((req, res) => {
    state.calls.push(`${req.method} ${req.url.pathname}${req.url.search}`);
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] : '';
    if (!state.tokens.has(given)) return send(res, 401, { error: 'invalid_token', message: 'Unauthenticated.' });
    const m = /^\/v1\.0\/schools\/([^/]+)\/(.+)$/.exec(req.url.pathname);
    if (!m) return send(res, 404, { error: 'not_found', message: 'Not found.' });
    const [, id, rest] = m;
    if (!state.approved.has(id)) return send(res, 403, { error: 'access_denied', message: 'The school has not approved this application.' });
    if (state.rateLimit429 > 0) {
      state.rateLimit429--;
      return send(res, 429, { error: 'too_many_requests', message: 'Too Many Attempts.' }, { 'retry-after': '1' });
    }
    const base = `${fake.url}/v1.0/schools/${id}`;
    const perPage = Math.min(Math.max(Number(req.url.searchParams.get('per_page') ?? 50), 1), 200);
    const page = Math.max(Number(req.url.searchParams.get('page') ?? 1), 1);
    const after = req.url.searchParams.get('updated_after');
    const include = (req.url.searchParams.get('include') ?? '').split(',');
    const paged = <T>(path: string, rows: T[]) => {
      const slice = rows.slice((page - 1) * perPage, page * perPage);
      const more = page * perPage < rows.length;
      const q = new URLSearchParams(req.url.searchParams);
      q.set('page', String(page + 1));
      q.set('per_page', String(perPage));
      return { data: slice, meta: { pagination: { next: more ? `${base}/${path}?${q}` : null, previous: page > 1 ? `${base}/${path}` : null, more, per_page: perPage, current_page: page } } };
    };
    const since = after ? new Date(`${after.replace(' ', 'T')}Z`) : null;
    const changed = (rows: WondeStudent[]) => (since ? rows.filter((r) => new Date(r.updated) > since) : rows);
    const present = (s: WondeStudent, employee: boolean) => ({
      id: s.id,
      mis_id: s.mis_id,
      upi: `upi-${s.id}`,
      forename: s.forename,
      surname: s.surname,
      updated_at: stamp(new Date(s.updated)),
      ...(include.includes('contact_details') ? { contact_details: { data: { emails: { email: s.email, primary: s.email }, phones: { phone: null, mobile: null } } } } : {}),
      ...(include.includes('groups') ? { groups: { data: s.groups.map((g) => ({ id: g })) } } : {}),
      ...(employee && include.includes('employment_details') ? { employment_details: { data: { current: true, teaching_staff: true } } } : {}),
    });
    if (req.method === 'GET' && rest === 'students') return send(res, 200, paged('students', changed(state.students).map((s) => present(s, false))));
    if (req.method === 'GET' && rest === 'employees') return send(res, 200, paged('employees', changed(state.employees).map((s) => present(s, true))));
    if (req.method === 'GET' && rest === 'groups')
      return send(res, 200, paged('groups', state.groups.map((g) => ({ ...g, ...(include.includes('students') ? { students: { data: state.students.filter((s) => s.groups.includes(g.id)).map((s) => ({ id: s.id })) } } : {}) }))));
    if (req.method === 'GET' && rest === 'deletions') return send(res, 200, paged('deletions', since ? state.deletions.filter((d) => new Date(d.deleted_at) > since) : state.deletions));
    if (req.method === 'GET' && rest === 'attendance-codes') return send(res, 200, paged('attendance-codes', state.codes));
    if (req.method === 'GET' && rest === 'counts') return send(res, 200, { data: { students: { data: { count: state.students.length } }, employees: { data: { count: state.employees.length } } } });
    if (req.method === 'POST' && rest === 'attendance/session') {
      const now = Date.now();
      state.writeTimes = state.writeTimes.filter((t) => t > now - 1000);
      if (state.writeTimes.length >= state.writesPerSecond) return send(res, 429, { error: 'too_many_requests', message: 'Too Many Attempts.' }, { 'retry-after': '1' });
      state.writeTimes.push(now);
      const list = (req.json as { attendance?: unknown })?.attendance;
      if (!Array.isArray(list) || !list.length) return send(res, 422, { error: 'validation_failed', errors: { attendance: ['The attendance field is required.'] } });
      const errors: Record<string, string[]> = {};
      list.forEach((a: Record<string, unknown>, i) => {
        for (const f of ['date', 'session', 'student_id', 'attendance_code_id']) if (!a?.[f]) (errors[`attendance.${i}.${f}`] ??= []).push(`The ${f} field is required.`);
        if (a?.session && !['AM', 'PM'].includes(String(a.session))) (errors[`attendance.${i}.session`] ??= []).push('The selected session is invalid.');
        if (a?.date && !/^\d{4}-\d{2}-\d{2}$/.test(String(a.date))) (errors[`attendance.${i}.date`] ??= []).push('The date does not match the format Y-m-d.');
      });
      if (Object.keys(errors).length) return send(res, 422, { error: 'validation_failed', errors });
      const writeback_id = `W${state.marks.length + 1}`;
      state.marks.push({ writeback_id, attendance: list });
      return send(res, 200, { writeback_id });
    }
    return send(res, 404, { error: 'not_found', message: 'Not found.' });
  }, opts.port);
  return { ...fake, state, token, school, config: { school_id: school, token, base_url: fake.url } };
}
