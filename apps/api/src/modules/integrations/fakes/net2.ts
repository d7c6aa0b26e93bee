import { createHmac, randomUUID } from 'node:crypto';
import { personName, send, startFake } from './server';

/**
 * The Paxton Net2 Local API fake (directories.md §3 and "What a local fake must do"): form
 * `POST /api/v1/authorization/tokens` with the password and refresh grants (`expires_in` configurable; wrong
 * password or unknown client_id 401 `{"error":"invalid_grant"}`; more than 2 token calls a second 429 with
 * Retry-After: 1); plain JSON arrays, no envelope and no paging: `/users` is the whole list. Reads `/users`,
 * `/users/{id}`, `/users/{id}/departments`, `/users/{id}/doorpermissionset`, `/users/{id}/image` (404 when none),
 * `/users/customfieldnames`, `/departments`, `/departments/{id}/users`, `/accesslevels`, `/doors`, `/events`;
 * writes recorded in `state.writes`: `POST /users`, `PUT|DELETE /users/{id}`, `PUT /users/{id}/departments`,
 * `PUT /users/{id}/doorpermissionset`, `POST /users/{id}/tokens`, `POST /commands/door/open`. Missing or
 * expired bearer: 401 with ASP.NET's `{"Message":…}`. Switches: `rateLimit429` (next N data calls 429), `fail500`,
 * `malformed` (the next `/users` answers a broken body), `tokenLife`, `refreshLife` (seconds), `tokensPerSecond`.
 */
export interface Net2User {
  id: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  activateDate: string;
  expiryDate: string | null;
  pin: string;
  telephone: string | null;
  extension: string | null;
  fax: string | null;
  isAntiPassbackUser: boolean;
  isAlarmUser: boolean;
  isLockdownExempt: boolean;
  hasImage: boolean;
  customFields: { id: number; value: string | null }[];
  departmentId: number;
  accessLevels: number[];
  tokens: { tokenNumber: string; tokenType: number }[];
  image?: Buffer;
}

const CUSTOM_FIELDS = [
  { id: 9, name: 'Email' },
  { id: 12, name: 'Job title' },
  { id: 14, name: 'Personnel number' },
];

/** A token shaped like Net2's (a JWT), signed with the fake's own key. */
const jwt = (sub: string, life: number, key: string) => {
  const b = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${b({ alg: 'HS256', typ: 'JWT' })}.${b({ sub, jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + life })}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
};

export async function startNet2Fake(opts: { users?: number; username?: string; password?: string; clientId?: string; port?: number } = {}) {
  const username = opts.username ?? 'System engineer';
  const password = opts.password ?? 'net2-password';
  const clientId = opts.clientId ?? '00000000-1111-2222-3333-444444444444';
  const key = randomUUID();
  const departments = [
    { id: 0, name: 'None' },
    { id: 3, name: 'Staff' },
    { id: 4, name: 'Visitors' },
    { id: 5, name: 'Contractors' },
  ];
  const state = {
    users: new Map<number, Net2User>(),
    nextId: 1,
    departments,
    accessLevels: [
      { id: 1, name: 'All hours, all doors' },
      { id: 2, name: 'Visitors - reception' },
      { id: 3, name: 'Working hours' },
    ],
    doors: [
      { id: 1160131, name: 'Main entrance' },
      { id: 1160132, name: 'Staff room' },
    ],
    events: [] as { id: number; eventType: number; eventDate: string; userId: number; doorId: number; tokenNumber: string }[],
    tokens: new Map<string, number>(),
    refreshTokens: new Map<string, number>(),
    tokenLife: 1800,
    refreshLife: 7200,
    /** Token calls allowed a second (Net2 ≥6.8: 2; beyond, 429 with Retry-After: 1). */
    tokensPerSecond: 2,
    tokenTimes: [] as number[],
    tokenCalls: [] as string[],
    rateLimit429: 0,
    /** The next N data calls answer 500 (a Net2 service restarting), before doing anything. */
    fail500: 0,
    malformed: null as null | 'object' | 'text' | 'no-id',
    writes: [] as { method: string; path: string; body: unknown }[],
    calls: [] as string[],
  };
  const add = (u: Partial<Net2User> & Pick<Net2User, 'firstName' | 'lastName'>) => {
    const id = u.id ?? state.nextId++;
    state.nextId = Math.max(state.nextId, id + 1);
    const user: Net2User = {
      id,
      middleName: null,
      activateDate: '2024-01-01T00:00:00+00:00',
      expiryDate: null,
      pin: String(1000 + (id % 9000)),
      telephone: null,
      extension: null,
      fax: null,
      isAntiPassbackUser: false,
      isAlarmUser: false,
      isLockdownExempt: false,
      hasImage: false,
      customFields: [],
      departmentId: 0,
      accessLevels: [],
      tokens: [],
      ...u,
    };
    state.users.set(id, user);
    return user;
  };
  for (let i = 0; i < (opts.users ?? 3); i++) {
    const n = personName(i);
    add({ id: i + 1, firstName: n.first, lastName: n.last, telephone: `01234 ${String(500000 + i)}`, customFields: [{ id: 9, value: `${n.first.toLowerCase()}.${n.last.toLowerCase()}${i}@site.test` }, { id: 14, value: `P${1000 + i}` }], departmentId: 3 + (i % 3) });
  }
  const shape = (u: Net2User) => {
    const { departmentId: _d, accessLevels: _a, tokens: _t, image: _i, ...rest } = u;
    return { ...rest, hasImage: !!u.image };
  };
  const issue = (withRefresh: boolean) => {
    const access = jwt(username, state.tokenLife, key);
    state.tokens.set(access, Date.now() + state.tokenLife * 1000);
    const body: Record<string, unknown> = { access_token: access, token_type: 'bearer', expires_in: state.tokenLife, expiry_datetime: new Date(Date.now() + state.tokenLife * 1000).toISOString() };
    if (withRefresh) {
      const refresh = randomUUID().replace(/-/g, '');
      state.refreshTokens.set(refresh, Date.now() + state.refreshLife * 1000);
      body.refresh_token = refresh;
    }
    return body;
  };
  const fake = await startFake((req, res) => {
    state.calls.push(`${req.method} ${req.url.pathname}`);
    const p = req.url.pathname.replace(/\/+$/, '');
    if (!p.startsWith('/api/v1/')) return send(res, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
    const path = p.slice('/api/v1'.length);
    if (path === '/authorization/tokens' && req.method === 'POST') {
      const now = Date.now();
      state.tokenTimes = state.tokenTimes.filter((t) => t > now - 1000);
      if (state.tokenTimes.length >= state.tokensPerSecond) return send(res, 429, { error: 'too_many_requests', error_description: 'Too many token requests.' }, { 'retry-after': '1' });
      state.tokenTimes.push(now);
      const grant = req.form.get('grant_type');
      state.tokenCalls.push(grant ?? '');
      if (req.form.get('client_id') !== clientId) return send(res, 401, { error: 'invalid_client', error_description: 'The client id is not licensed.' });
      const offline = (req.form.get('scope') ?? '').split(' ').includes('offline_access');
      if (grant === 'password') {
        if (req.form.get('username') !== username || req.form.get('password') !== password) return send(res, 401, { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' });
        return send(res, 200, issue(offline));
      }
      if (grant === 'refresh_token') {
        const given = req.form.get('refresh_token') ?? '';
        const until = state.refreshTokens.get(given);
        if (!until || until < now) return send(res, 401, { error: 'invalid_grant', error_description: 'The refresh token is invalid or has expired.' });
        state.refreshTokens.delete(given);
        return send(res, 200, issue(true));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /i, '');
    const until = state.tokens.get(bearer);
    if (!until || until < Date.now()) return send(res, 401, { Message: 'Authorization has been denied for this request.' });
    if (state.rateLimit429 > 0) {
      state.rateLimit429--;
      return send(res, 429, { Message: 'Too many requests.' }, { 'retry-after': '1' });
    }
    if (state.fail500 > 0) {
      state.fail500--;
      return send(res, 500, { Message: 'An error has occurred.' });
    }
    if (req.method !== 'GET') state.writes.push({ method: req.method, path, body: req.json });
    if (req.method === 'GET' && path === '/users') {
      const broken = state.malformed;
      state.malformed = null;
      if (broken === 'object') return send(res, 200, { users: [] });
      if (broken === 'text') return send(res, 200, '[{"id":1,"firstName":');
      const list = [...state.users.values()].map(shape);
      if (broken === 'no-id') list.push({ ...list[0], id: undefined as unknown as number, firstName: 'Nobody' });
      return send(res, 200, list);
    }
    if (req.method === 'GET' && path === '/users/customfieldnames') return send(res, 200, CUSTOM_FIELDS);
    if (req.method === 'GET' && path === '/users/token/types') return send(res, 200, [{ id: 0, name: 'Card' }, { id: 1, name: 'PIN' }]);
    if (req.method === 'GET' && path === '/departments') return send(res, 200, state.departments);
    if (req.method === 'GET' && path === '/accesslevels') return send(res, 200, state.accessLevels);
    if (req.method === 'GET' && path === '/doors') return send(res, 200, state.doors);
    if (req.method === 'GET' && path === '/events') return send(res, 200, state.events);
    const dept = /^\/departments\/(\d+)\/users$/.exec(path);
    if (dept && req.method === 'GET') {
      if (!state.departments.some((d) => d.id === Number(dept[1]))) return send(res, 404, { Message: 'Department not found.' });
      return send(res, 200, [...state.users.values()].filter((u) => u.departmentId === Number(dept[1])).map(shape));
    }
    if (path === '/users' && req.method === 'POST') {
      const b = (req.json ?? {}) as Partial<Net2User>;
      if (!b.firstName || !b.lastName) return send(res, 400, { Message: 'The request is invalid.', ModelState: { user: ['First name and last name are required.'] } });
      const u = add({ firstName: String(b.firstName), lastName: String(b.lastName), middleName: b.middleName ?? null, activateDate: b.activateDate ?? new Date().toISOString(), expiryDate: b.expiryDate ?? null, telephone: b.telephone ?? null, customFields: b.customFields ?? [] });
      return send(res, 200, shape(u));
    }
    const one = /^\/commands\/door\/open$/.test(path);
    if (one && req.method === 'POST') {
      const doorId = Number((req.json as { doorId?: unknown } | null)?.doorId);
      if (!state.doors.some((d) => d.id === doorId)) return send(res, 404, { Message: 'Door not found.' });
      return send(res, 200, { doorId, status: 'open' });
    }
    const m = /^\/users\/(\d+)(?:\/(departments|doorpermissionset|image|tokens))?$/.exec(path);
    if (!m) return send(res, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
    const u = state.users.get(Number(m[1]));
    if (!u) return send(res, 404, { Message: 'User not found.' });
    const sub = m[2];
    if (!sub) {
      if (req.method === 'GET') return send(res, 200, shape(u));
      if (req.method === 'DELETE') {
        state.users.delete(u.id);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'PUT') {
        const b = (req.json ?? {}) as Record<string, unknown>;
        for (const k of ['firstName', 'lastName', 'middleName', 'expiryDate', 'activateDate', 'telephone'] as const) if (k in b) (u as unknown as Record<string, unknown>)[k] = b[k];
        return send(res, 200, shape(u));
      }
    }
    if (sub === 'departments') {
      if (req.method === 'GET') return send(res, 200, state.departments.filter((d) => d.id === u.departmentId));
      const b = (req.json ?? {}) as { Id?: unknown; id?: unknown };
      const id = Number(b.Id ?? b.id);
      if (!state.departments.some((d) => d.id === id)) return send(res, 404, { Message: 'Department not found.' });
      u.departmentId = id;
      res.writeHead(204);
      return res.end();
    }
    if (sub === 'doorpermissionset') {
      if (req.method === 'GET') return send(res, 200, { accessLevels: u.accessLevels, individualPermissions: [] });
      const levels = (req.json as { accessLevels?: unknown } | null)?.accessLevels;
      if (!Array.isArray(levels) || levels.some((l) => !state.accessLevels.some((a) => a.id === l))) return send(res, 400, { Message: 'The request is invalid.' });
      u.accessLevels = levels as number[];
      res.writeHead(204);
      return res.end();
    }
    if (sub === 'tokens') {
      if (req.method === 'GET') return send(res, 200, u.tokens);
      const b = (req.json ?? {}) as { tokenNumber?: unknown; tokenType?: unknown };
      if (!b.tokenNumber) return send(res, 400, { Message: 'The request is invalid.' });
      u.tokens.push({ tokenNumber: String(b.tokenNumber), tokenType: Number(b.tokenType ?? 0) });
      return send(res, 200, { tokenNumber: String(b.tokenNumber), tokenType: Number(b.tokenType ?? 0) });
    }
    if (sub === 'image' && req.method === 'GET') {
      if (!u.image) return send(res, 404, { Message: 'The user has no image.' });
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(u.image.length) });
      return res.end(u.image);
    }
    return send(res, 405, { Message: 'The requested resource does not support this method.' });
  }, opts.port);
  return { ...fake, state, add, config: { username, password, client_id: clientId, server_url: `${fake.url}/api/v1` } };
}
