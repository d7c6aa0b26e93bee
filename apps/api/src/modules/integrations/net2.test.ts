import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNet2Fake } from './fakes/net2';
import { send, startFake } from './fakes/server';
import { NET2_BATCH, Net2Adapter } from './adapters/net2';
import type { DirectoryError, DirectoryUser } from './adapters/types';

const kindOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: DirectoryError) => e.kind);

async function everyone(a: Net2Adapter) {
  const out: DirectoryUser[] = [];
  let from: string | null = null;
  let pages = 0;
  do {
    const page = await a.users(from);
    out.push(...page.items);
    from = page.next;
    pages++;
  } while (from);
  return { out, pages };
}

describe('Paxton Net2 adapter against its fake (directories.md §3, issue 19 parts 2 and 4)', () => {
  let fake: Awaited<ReturnType<typeof startNet2Fake>>;
  beforeAll(async () => {
    fake = await startNet2Fake({ users: 5000 });
    fake.state.tokensPerSecond = Infinity; // its own test below
  });
  afterAll(() => fake.close());

  it('reads the one large /users array once and hands it on in batches, keyed on the Net2 id', async () => {
    const a = new Net2Adapter(fake.config);
    await a.authenticate();
    const before = fake.state.calls.filter((c) => c === 'GET /api/v1/users').length;
    const { out, pages } = await everyone(a);
    expect(fake.state.calls.filter((c) => c === 'GET /api/v1/users').length - before).toBe(1);
    expect(pages).toBe(5000 / NET2_BATCH);
    expect(out).toHaveLength(5000);
    expect(new Set(out.map((u) => u.id)).size).toBe(5000);
    expect(out[0]).toMatchObject({ id: '1', active: true, fields: { firstName: 'Ana', 'custom.Email': expect.stringContaining('@site.test'), 'custom.Personnel number': 'P1000' } });
    expect(out[0].fields).not.toHaveProperty('pin');
  });

  it('a listing resumed from its last id (a new adapter after a restart) neither skips nor repeats anyone', async () => {
    const first = await new Net2Adapter(fake.config).users(null);
    fake.state.users.delete(3); // someone leaves between the crash and the restart
    const restarted = new Net2Adapter(fake.config);
    const rest = await everyone({ users: (f: string | null) => restarted.users(f ?? first.next) } as unknown as Net2Adapter);
    const ids = [...first.items, ...rest.out].map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5000);
    fake.add({ id: 3, firstName: 'Cleo', lastName: 'Ruiz' });
  });

  it('departments are the groups; members come from /departments/{id}/users; an expiry in the past is inactive', async () => {
    const a = new Net2Adapter(fake.config);
    const groups = await a.groups();
    expect(groups.items.map((g) => g.name)).toEqual(['None', 'Staff', 'Visitors', 'Contractors']);
    expect(groups.items[1]).toMatchObject({ id: '3', kind: 'department' });
    const staff = await a.members('3');
    expect(staff.items).toHaveLength(Math.ceil(5000 / 3));
    expect(staff.items[0]).toBe('1');
    fake.state.users.get(2)!.expiryDate = '2020-01-01T00:00:00+00:00';
    const page = await a.users(null);
    expect(page.items.find((u) => u.id === '2')!.active).toBe(false);
    fake.state.users.get(2)!.expiryDate = null;
  });

  it('renews the access token with the refresh grant; the password grant again when the refresh token is gone', async () => {
    const a = new Net2Adapter(fake.config);
    await a.authenticate();
    const n = fake.state.tokenCalls.length;
    fake.state.tokens.clear(); // the 30-minute token ended early: 401
    await a.groups();
    expect(fake.state.tokenCalls.slice(n)).toEqual(['refresh_token']);
    fake.state.tokens.clear();
    fake.state.refreshTokens.clear(); // the 2-hour refresh token ended too
    await a.groups();
    expect(fake.state.tokenCalls.slice(n + 1)).toEqual(['refresh_token', 'password']);
  });

  it('a wrong password or an unlicensed client id is auth (401); a 429 with Retry-After is waited out', async () => {
    expect(await kindOf(new Net2Adapter({ ...fake.config, password: 'wrong' }).authenticate())).toBe('auth');
    expect(await kindOf(new Net2Adapter({ ...fake.config, client_id: 'not-licensed' }).authenticate())).toBe('auth');
    const a = new Net2Adapter(fake.config);
    await a.authenticate();
    fake.state.rateLimit429 = 1;
    const started = Date.now();
    expect((await a.groups()).items).toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('the token route over 2 calls a second answers 429 and the call waits its Retry-After', async () => {
    fake.state.tokensPerSecond = 2;
    fake.state.tokenTimes = [];
    const started = Date.now();
    const calls = fake.state.tokenCalls.length;
    await Promise.all([0, 1, 2].map(() => new Net2Adapter(fake.config).refresh()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.state.tokenCalls.length - calls).toBe(3); // the third was answered 429 before it counted
    fake.state.tokensPerSecond = Infinity;
  });

  it('malformed answers are bad_answer, a user without an id is kept for the error list, a missing image is none', async () => {
    const a = new Net2Adapter(fake.config);
    fake.state.malformed = 'object';
    expect(await kindOf(a.users(null))).toBe('bad_answer');
    fake.state.malformed = 'text';
    expect(await kindOf(a.users(null))).toBe('bad_answer');
    fake.state.malformed = 'no-id';
    const first = await a.users(null);
    expect(first.items[0]).toMatchObject({ id: '', fields: { firstName: 'Nobody' } });
    expect(await kindOf(a.users('x'))).toBe('bad_answer');
    expect(await a.photo('1')).toBeNull();
    fake.state.users.get(1)!.image = Buffer.from('jpeg');
    expect((await a.photo('1'))!.bytes.toString()).toBe('jpeg');
    expect(await a.photo('../departments')).toBeNull();
  });

  it('a visitor gets a Net2 user with an expiry, a token and an access level, removed when the visit ends', async () => {
    const a = new Net2Adapter(fake.config);
    expect((await a.accessLevels()).map((l) => l.id)).toContain(2);
    const { net2UserId } = await a.addVisitor({ firstName: 'Vera', lastName: 'Visitor', activateDate: '2026-11-26T08:00:00Z', expiryDate: '2026-11-26T18:00:00Z', tokenNumber: '12345678', accessLevelId: 2, departmentId: 4 });
    const u = fake.state.users.get(Number(net2UserId))!;
    expect(u).toMatchObject({ firstName: 'Vera', expiryDate: '2026-11-26T18:00:00Z', accessLevels: [2], departmentId: 4, tokens: [{ tokenNumber: '12345678', tokenType: 0 }] });
    await a.removeVisitor(net2UserId);
    expect(fake.state.users.has(Number(net2UserId))).toBe(false);
    await a.removeVisitor(net2UserId); // already gone: done
    // An access level Net2 does not have: the half-made user is removed again.
    const count = fake.state.users.size;
    expect(await kindOf(a.addVisitor({ firstName: 'Half', lastName: 'Made', activateDate: '2026-11-26T08:00:00Z', expiryDate: '2026-11-26T18:00:00Z', accessLevelId: 99 }))).toBe('bad_answer');
    expect(fake.state.users.size).toBe(count);
  });

  it('reads door events after a cursor as scans: granted by card or PIN to a user, nothing twice', async () => {
    const a = new Net2Adapter(fake.config);
    const now = Date.now();
    fake.state.events.push(
      { id: 101, eventType: 20, eventDate: new Date(now - 60_000).toISOString(), userId: 1, doorId: 1160131, tokenNumber: '111' },
      { id: 102, eventType: 23, eventDate: new Date(now - 50_000).toISOString(), userId: 1, doorId: 1160131, tokenNumber: '111' }, // denied
      { id: 103, eventType: 26, eventDate: new Date(now - 40_000).toISOString(), userId: 2, doorId: 1160132, tokenNumber: '' },
      { id: 104, eventType: 47, eventDate: new Date(now - 30_000).toISOString(), userId: 0, doorId: 1160132, tokenNumber: '' }, // door closed
    );
    const first = await a.doorEvents(0, new Date(now - 3_600_000));
    expect(first.events.map((e) => [e.eventId, e.userId, e.by])).toEqual([[101, '1', 'card'], [103, '2', 'pin']]);
    expect(first.cursor).toBe(104);
    fake.state.events.push({ id: 105, eventType: 20, eventDate: new Date().toISOString(), userId: 3, doorId: 1160131, tokenNumber: '333' });
    const next = await a.doorEvents(first.cursor, new Date(now - 3_600_000));
    expect(next.events.map((e) => e.eventId)).toEqual([105]);
  });

  it('refuses a photo of 30 MB (declared or streamed) as bad_answer, not into memory', async () => {
    const big = await startFake((req, res) => {
      if (req.url.pathname.endsWith('/authorization/tokens')) return send(res, 200, { access_token: 't', expires_in: 1800 });
      res.writeHead(200, { 'content-type': 'image/jpeg', ...(req.url.pathname.includes('/users/1/') ? { 'content-length': String(30 * 1024 * 1024) } : {}) });
      if (req.url.pathname.includes('/users/1/')) return res.end();
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const push = () => {
        while (sent < 30 && res.write(chunk)) sent++;
        if (sent >= 30) res.end();
        else res.once('drain', push);
      };
      push();
    });
    try {
      const a = new Net2Adapter({ ...fake.config, server_url: big.url });
      expect(await kindOf(a.photo('1'))).toBe('bad_answer');
      expect(await kindOf(a.photo('2'))).toBe('bad_answer');
    } finally {
      await big.close();
    }
  });
});
