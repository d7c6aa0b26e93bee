import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleFake } from './fakes/google';
import { send, startFake } from './fakes/server';
import { GoogleAdapter } from './adapters/google';
import type { DirectoryError } from './adapters/types';

const kindOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: DirectoryError) => e.kind);

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

describe('Google Admin SDK Directory adapter against its fake (directories.md §1)', () => {
  let fake: Awaited<ReturnType<typeof startGoogleFake>>;
  beforeAll(async () => {
    fake = await startGoogleFake({ users: 1100, groups: 3 });
  });
  afterAll(() => fake.close());

  it('refresh token: pages users by nextPageToken (500 a page, customer=my_customer), keyed on the Google id', async () => {
    const a = new GoogleAdapter(fake.config);
    await a.authenticate();
    const { items, pages } = await all((f) => a.users(f));
    expect(items).toHaveLength(1100);
    expect(pages).toBe(3);
    expect(new Set(items.map((u) => u.id)).size).toBe(1100);
    expect(items[0]).toMatchObject({ id: '104320000000000', active: true, groups: ['ou:/Staff'], fields: { 'name.givenName': 'Ana', 'name.familyName': 'Ruiz', 'phones.value': '+44 7700 900000' } });
    const listing = fake.state.calls.filter((c) => c.startsWith('GET /admin/directory/v1/users?'));
    expect(listing.at(-1)).toMatch(/customer=my_customer.*maxResults=500.*pageToken=/);
  });

  it('service account: an RS256 JWT for the admin is exchanged (jwt-bearer grant); a wrong key or admin is auth', async () => {
    const a = new GoogleAdapter(fake.serviceAccountConfig);
    await a.authenticate();
    expect(fake.state.tokenCalls.at(-1)).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect((await a.users(null)).items).toHaveLength(500);
    expect(await kindOf(new GoogleAdapter({ ...fake.serviceAccountConfig, admin_email: 'someone@else.test' }).authenticate())).toBe('auth');
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(await kindOf(new GoogleAdapter({ ...fake.serviceAccountConfig, private_key: other }).authenticate())).toBe('auth');
    expect(await kindOf(new GoogleAdapter({ ...fake.serviceAccountConfig, private_key: 'not a key' }).authenticate())).toBe('auth');
  });

  it('org units and groups are the groups; members with derived membership end on a loop of groups', async () => {
    const a = new GoogleAdapter(fake.config);
    const groups = await all((f) => a.groups(f));
    expect(groups.items.map((g) => g.id)).toEqual(['ou:/Staff', 'ou:/Pupils', '03x0', '03x1', '03x2']);
    fake.state.groups[0].nested = ['03x1'];
    fake.state.groups[1].nested = ['03x0']; // a loop
    const members = await all((f) => a.members('03x0', f));
    expect(members.items).toHaveLength(fake.state.users.filter((u) => u.groups[0] === '03x0' || u.groups[0] === '03x1').length);
    expect(members.pages).toBe(4); // 200 a page
    expect(new Set(members.items).size).toBe(members.items.length);
    expect((await a.members('ou:/Staff', null)).items).toEqual([]);
    fake.state.groups[0].nested = [];
    fake.state.groups[1].nested = [];
  });

  it('renews an expired access token once after a 401; an expired or revoked refresh token is auth (400 invalid_grant)', async () => {
    const a = new GoogleAdapter(fake.config);
    await a.refresh();
    const n = fake.state.tokenCalls.length;
    fake.state.tokens.clear();
    expect((await a.users(null)).items).toHaveLength(500);
    expect(fake.state.tokenCalls.length).toBe(n + 1);
    expect(await kindOf(new GoogleAdapter({ ...fake.config, refresh_token: '1//revoked' }).authenticate())).toBe('auth');
    expect(await kindOf(new GoogleAdapter({ ...fake.config, client_secret: 'wrong' }).authenticate())).toBe('auth');
  });

  it('waits out a 403 userRateLimitExceeded; a plain 403 is forbidden; a missing photo is none, a present one read', async () => {
    const a = new GoogleAdapter(fake.config);
    fake.state.rateLimit403 = 1;
    expect((await a.users(null)).items).toHaveLength(500);
    expect(fake.state.rateLimit403).toBe(0);
    expect(await a.photo(fake.state.users[0].id)).toBeNull();
    fake.state.users[1].photo = Buffer.from([0xff, 0xd8, 0xfe, 0xfb]);
    expect(await a.photo(fake.state.users[1].id)).toEqual({ bytes: Buffer.from([0xff, 0xd8, 0xfe, 0xfb]), mime: 'image/jpeg' });
  });

  it('malformed answers: not JSON, users not a list, a page token that is not text, a user without an id', async () => {
    const answers: Record<string, unknown> = { notJson: '{"users": [', notList: { users: 5 }, badToken: { users: [], nextPageToken: 7 }, noId: { users: [{ name: { givenName: 'X' } }] }, denied: null };
    let mode = 'notJson';
    const broken = await startFake((req, res) => {
      if (req.url.pathname === '/token') return send(res, 200, { access_token: 't', expires_in: 3599 });
      if (mode === 'denied') return send(res, 403, { error: { code: 403, message: 'Not Authorized to access this resource/api', errors: [{ reason: 'forbidden' }] } });
      return send(res, 200, answers[mode] as object);
    });
    try {
      const a = new GoogleAdapter({ ...fake.config, base_url: broken.url, token_url: `${broken.url}/token` });
      expect(await kindOf(a.users(null))).toBe('bad_answer');
      mode = 'notList';
      expect(await kindOf(a.users(null))).toBe('bad_answer');
      mode = 'badToken';
      expect(await kindOf(a.users(null))).toBe('bad_answer');
      mode = 'noId';
      expect((await a.users(null)).items[0].id).toBe('');
      mode = 'denied';
      expect(await kindOf(a.users(null))).toBe('forbidden');
    } finally {
      await broken.close();
    }
  });
});
