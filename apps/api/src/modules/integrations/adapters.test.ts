import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphFake } from './fakes/graph';
import { startWondeFake } from './fakes/wonde';
import { GraphAdapter } from './adapters/graph';
import { DirectoryError } from './adapters/types';
import { WondeAdapter } from './adapters/wonde';

/** Every page of a listing, following `next`. */
async function all<T>(list: (from: string | null) => Promise<{ items: T[]; next: string | null }>) {
  const out: T[] = [];
  let from: string | null = null;
  let pages = 0;
  do {
    const page = await list(from);
    out.push(...page.items);
    from = page.next;
    pages++;
  } while (from);
  return { items: out, pages };
}

const kindOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: DirectoryError) => e.kind);

describe('Wonde adapter against its fake (directories.md §4)', () => {
  let fake: Awaited<ReturnType<typeof startWondeFake>>;
  beforeAll(async () => {
    fake = await startWondeFake({ students: 450, employees: 3 });
  });
  afterAll(() => fake.close());

  it('pages students then employees by meta.pagination.next, keyed on the Wonde id', async () => {
    const a = new WondeAdapter(fake.config);
    await a.authenticate();
    const { items, pages } = await all((f) => a.users(f));
    expect(items).toHaveLength(453);
    expect(new Set(items.map((u) => u.id)).size).toBe(453);
    expect(pages).toBeGreaterThanOrEqual(4); // 200 + 200 + 50 students, then employees
    expect(items[0]).toMatchObject({ id: 'A100000', groups: ['kind:student', 'G8B'], active: true });
    expect(items[0].fields['contact_details.data.emails.email']).toContain('@pupil.test');
    expect(items.at(-1)!.groups[0]).toBe('kind:employee');
  });

  it('answers 3 students with per_page=2 in two pages: next set, then null (the fake’s case)', async () => {
    const small = await startWondeFake({ students: 3 });
    try {
      const first = await fetch(`${small.url}/v1.0/schools/${small.school}/students?per_page=2`, { headers: { authorization: `Bearer ${small.token}` } }).then((r) => r.json() as Promise<any>);
      expect(first.meta.pagination).toMatchObject({ more: true });
      const second = await fetch(first.meta.pagination.next, { headers: { authorization: `Basic ${Buffer.from(`${small.token}:`).toString('base64')}` } }).then((r) => r.json() as Promise<any>);
      expect(second.data).toHaveLength(1);
      expect(second.meta.pagination).toMatchObject({ next: null, more: false });
    } finally {
      await small.close();
    }
  });

  it('lists changes since updated_after and the deletions, and moves the cursor to when the listing began', async () => {
    const a = new WondeAdapter(fake.config);
    const before = new Date(Date.now() - 1000).toISOString().slice(0, 19).replace('T', ' ');
    fake.state.students[5].updated = new Date().toISOString();
    fake.state.students[5].surname = 'Changed';
    fake.state.deletions.push({ id: 'A100009', type: 'student', deleted_at: new Date().toISOString() });
    const changed: string[] = [];
    const removed: string[] = [];
    let from: string | null = null;
    let cursor: Record<string, string> = {};
    do {
      const c = await a.changes({ updated_after: before }, from);
      changed.push(...c.changed.map((u) => u.id));
      removed.push(...c.removed);
      cursor = c.cursor;
      from = c.next;
    } while (from);
    expect(changed).toEqual(['A100005']);
    expect(removed).toEqual(['A100009']);
    expect(cursor.updated_after >= before).toBe(true);
  });

  it('refuses an unknown token (401 → auth), an unapproved school (403 → forbidden) and waits out a 429', async () => {
    expect(await kindOf(new WondeAdapter({ ...fake.config, token: 'wrong' }).authenticate())).toBe('auth');
    expect(await kindOf(new WondeAdapter({ ...fake.config, school_id: 'B999' }).authenticate())).toBe('forbidden');
    fake.state.rateLimit429 = 1;
    const started = Date.now();
    const page = await new WondeAdapter(fake.config).users(null);
    expect(page.items.length).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // Retry-After: 1
  });

  it('refuses a page link to another host or school (a directory answering another school’s data)', async () => {
    const a = new WondeAdapter(fake.config);
    expect(await kindOf(a.users(`students|${fake.url}/v1.0/schools/OTHER/students?page=2`))).toBe('bad_answer');
  });

  it('reports a malformed answer as bad_answer, not a crash', async () => {
    const { startFake, send } = await import('./fakes/server');
    const broken = await startFake((req, res) => (req.url.pathname.endsWith('students') ? send(res, 200, '{"data": 5') : send(res, 200, { data: 'x', meta: {} })));
    try {
      const a = new WondeAdapter({ school_id: 'A1', token: 't', base_url: broken.url });
      expect(await kindOf(a.users(null))).toBe('bad_answer');
      expect(await kindOf(a.groups(`${broken.url}/v1.0/schools/A1/groups`))).toBe('bad_answer');
    } finally {
      await broken.close();
    }
  });

  it('writes attendance marks and keeps the writeback_id; 422 for a bad session', async () => {
    const a = new WondeAdapter(fake.config);
    const codes = await a.attendanceCodes();
    expect(codes.map((c) => c.code)).toEqual(['/', 'L', 'U', 'M']);
    const { writebackId } = await a.writeBack([{ date: '2026-11-23', session: 'AM', student_id: 'A100000', attendance_code_id: 'C2', minutes_late: 10 }]);
    expect(writebackId).toMatch(/^W\d+$/);
    expect(fake.state.marks.at(-1)!.attendance[0]).toMatchObject({ student_id: 'A100000', minutes_late: 10 });
    expect(await kindOf(a.writeBack([{ date: '2026-11-23', session: 'XX' as 'AM', student_id: 'A100000', attendance_code_id: 'C2' }]))).toBe('validation');
  });
});

describe('Microsoft Graph adapter against its fake (directories.md §2)', () => {
  let fake: Awaited<ReturnType<typeof startGraphFake>>;
  beforeAll(async () => {
    fake = await startGraphFake({ users: 2100, groups: 3 });
  });
  afterAll(() => fake.close());

  it('follows @odata.nextLink ($skiptoken) to the end with $top=999', async () => {
    const a = new GraphAdapter(fake.config);
    await a.authenticate();
    const { items, pages } = await all((f) => a.users(f));
    expect(items).toHaveLength(2100);
    expect(pages).toBe(3);
    expect(items[0].fields).toMatchObject({ givenName: 'Ana', department: 'Front Office' });
    const groups = await all((f) => a.groups(f));
    expect(groups.items.map((g) => g.name)).toContain('Staff - London');
    const members = await all((f) => a.members('g-1', f));
    expect(members.items).toHaveLength(700);
  });

  it('refuses $top=1000 (the fake answers 400 "Invalid page size")', async () => {
    const a = new GraphAdapter(fake.config);
    await a.refresh();
    expect(await kindOf(a.users(`${fake.config.base_url}/users?$top=1000`))).toBe('bad_answer');
  });

  it('delta: pages then a deltaLink; the deltaLink later gives one changed user and one @removed', async () => {
    const a = new GraphAdapter(fake.config);
    let from: string | null = null;
    let cursor: Record<string, string> = {};
    let seen = 0;
    do {
      const c = await a.changes(cursor, from);
      seen += c.changed.length;
      cursor = c.cursor;
      from = c.next;
    } while (from);
    expect(seen).toBe(2100);
    expect(cursor.delta_link).toContain('$deltatoken=');
    fake.change('u-000004', { surname: 'Renamed' });
    fake.remove('u-000007');
    const later = await a.changes(cursor, null);
    expect(later.changed.map((u) => [u.id, u.fields.surname])).toEqual([['u-000004', 'Renamed']]);
    expect(later.removed).toEqual(['u-000007']);
    expect(later.next).toBeNull();
    expect(later.cursor.delta_link).not.toBe(cursor.delta_link);
  });

  it('gets a new token when the old one expired (401 InvalidAuthenticationToken), and a 404 photo is none', async () => {
    const a = new GraphAdapter(fake.config);
    await a.refresh();
    const calls = fake.state.tokenCalls;
    fake.state.tokens.clear(); // every issued token now answers 401
    const page = await a.users(null);
    expect(page.items).toHaveLength(999);
    expect(fake.state.tokenCalls).toBe(calls + 1);
    expect(await a.photo('u-000001')).toBeNull();
    const u = fake.state.users.get('u-000002')!;
    u.photo = Buffer.from('jpeg-bytes');
    expect((await a.photo('u-000002'))!.bytes.toString()).toBe('jpeg-bytes');
  });

  it('a wrong secret is auth (401 invalid_client), an unknown tenant is auth (400), a 429 is waited out', async () => {
    expect(await kindOf(new GraphAdapter({ ...fake.config, secret: 'wrong' }).authenticate())).toBe('auth');
    expect(await kindOf(new GraphAdapter({ ...fake.config, tenant: 'nobody' }).authenticate())).toBe('auth');
    fake.state.rateLimit429 = 1;
    const a = new GraphAdapter(fake.config);
    await a.refresh();
    expect((await a.users(null)).items).toHaveLength(999);
  });

  it('refuses a photo over the size limit and a 403 is forbidden', async () => {
    const { startFake, send } = await import('./fakes/server');
    const big = await startFake((req, res) => {
      if (req.url.pathname.endsWith('/token')) return send(res, 200, { access_token: 't', expires_in: 3599 });
      if (req.url.pathname.endsWith('$value')) {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(30 * 1024 * 1024) });
        return res.end();
      }
      return send(res, 403, { error: { code: 'Authorization_RequestDenied', message: 'Insufficient privileges to complete the operation.' } });
    });
    try {
      const a = new GraphAdapter({ tenant: 't', client: 'c', secret: 's', base_url: `${big.url}/v1.0`, login_url: big.url });
      expect(await kindOf(a.photo('x'))).toBe('bad_answer');
      expect(await kindOf(a.users(null))).toBe('forbidden');
    } finally {
      await big.close();
    }
  });
});
