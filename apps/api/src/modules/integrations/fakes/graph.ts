import { randomUUID } from 'node:crypto';
import { personName, send, startFake } from './server';

/**
 * The Microsoft Graph fake (directories.md): `POST /{tenant}/oauth2/v2.0/token` (client credentials; wrong secret
 * 401 invalid_client AADSTS7000215, unknown tenant 400 AADSTS90002), `/v1.0/users` ($select, $top ≤ 999, 1000 is
 * 400), `/groups`, `/groups/{id}/members` and `transitiveMembers/microsoft.graph.user`, `/users/{id}/photo/$value`
 * (404 when none), `/users/delta` with nextLink pages then a deltaLink; a later deltaLink gives only what changed,
 * people removed as `@removed`. Switches: `rateLimit429` (next N calls 429 with Retry-After: 1), `tokenLife`
 * (seconds; an expired token is 401 InvalidAuthenticationToken).
 */
export interface GraphUser {
  id: string;
  givenName: string;
  surname: string;
  mail: string | null;
  accountEnabled: boolean;
  department: string;
  version: number;
  photo?: Buffer;
}

const graphError = (code: string, message: string) => ({ error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomUUID(), 'client-request-id': randomUUID() } } });

export async function startGraphFake(opts: { users?: number; groups?: number; tenant?: string; client?: string; secret?: string; port?: number } = {}) {
  const tenant = opts.tenant ?? 'contoso-tenant';
  const client = opts.client ?? 'client-1';
  const secret = opts.secret ?? 'secret-1';
  const groupCount = opts.groups ?? 2;
  const state = {
    version: 1,
    users: new Map<string, GraphUser>(),
    groups: Array.from({ length: groupCount }, (_, i) => ({ id: `g-${i}`, displayName: i === 0 ? 'Staff - London' : `Group ${i}`, groupTypes: [] as string[], securityEnabled: true })),
    removed: [] as { id: string; version: number; reason: 'changed' | 'deleted' }[],
    tokens: new Map<string, number>(),
    tokenLife: 3599,
    tokenCalls: 0,
    rateLimit429: 0,
    deltaPageSize: 200,
    calls: [] as string[],
  };
  for (let i = 0; i < (opts.users ?? 3); i++) {
    const n = personName(i);
    const id = `u-${String(i).padStart(6, '0')}`;
    state.users.set(id, { id, givenName: n.first, surname: n.last, mail: `${n.first.toLowerCase()}.${n.last.toLowerCase()}${i}@contoso.test`, accountEnabled: true, department: 'Front Office', version: 1 });
  }
  const membersOf = (gid: string) => {
    const g = Number(gid.slice(2));
    return [...state.users.values()].filter((_, i) => i % groupCount === g);
  };
  /** Changes a user (a later delta call sees it). */
  const change = (id: string, patch: Partial<GraphUser>) => {
    const u = state.users.get(id);
    if (!u) throw new Error(`no user ${id}`);
    Object.assign(u, patch, { version: ++state.version });
  };
  const add = (u: Omit<GraphUser, 'version'>) => state.users.set(u.id, { ...u, version: ++state.version });
  const remove = (id: string, reason: 'changed' | 'deleted' = 'deleted') => {
    state.users.delete(id);
    state.removed.push({ id, version: ++state.version, reason });
  };
  const fake = await startFake((req, res) => {
    state.calls.push(`${req.method} ${req.url.pathname}${req.url.search}`);
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(req.url.pathname);
    if (tokenPath && req.method === 'POST') {
      state.tokenCalls++;
      if (tokenPath[1] !== tenant) return send(res, 400, { error: 'invalid_request', error_description: `AADSTS90002: Tenant '${tokenPath[1]}' not found.`, error_codes: [90002] });
      if (req.form.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'AADSTS70003' });
      if (req.form.get('scope') !== 'https://graph.microsoft.com/.default') return send(res, 400, { error: 'invalid_scope', error_description: 'AADSTS1002012: The provided value for scope is not valid.' });
      if (req.form.get('client_id') !== client || req.form.get('client_secret') !== secret)
        return send(res, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.', error_codes: [7000215], trace_id: randomUUID(), correlation_id: randomUUID() });
      const access = randomUUID();
      state.tokens.set(access, Date.now() + state.tokenLife * 1000);
      return send(res, 200, { token_type: 'Bearer', expires_in: state.tokenLife, ext_expires_in: state.tokenLife, access_token: access });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const until = state.tokens.get(bearer);
    if (!until || until < Date.now()) return send(res, 401, graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'));
    if (state.rateLimit429 > 0) {
      state.rateLimit429--;
      return send(res, 429, graphError('TooManyRequests', 'Too many requests.'), { 'retry-after': '1' });
    }
    const p = req.url.pathname.replace(/^\/v1\.0/, '');
    const base = `${fake.url}/v1.0`;
    const select = req.url.searchParams.get('$select')?.split(',');
    const shape = (u: GraphUser) => {
      const full: Record<string, unknown> = { id: u.id, displayName: `${u.givenName} ${u.surname}`, givenName: u.givenName, surname: u.surname, mail: u.mail, userPrincipalName: u.mail ?? `${u.id}@contoso.test`, mobilePhone: null, businessPhones: [], jobTitle: null, department: u.department, accountEnabled: u.accountEnabled };
      if (!select) return Object.fromEntries(['id', 'displayName', 'givenName', 'surname', 'mail', 'userPrincipalName', 'mobilePhone', 'businessPhones', 'jobTitle'].map((k) => [k, full[k]]));
      return Object.fromEntries(select.filter((k) => k in full).map((k) => [k, full[k]]));
    };
    const paged = (path: string, rows: unknown[], context: string) => {
      const top = Number(req.url.searchParams.get('$top') ?? 100);
      if (!Number.isInteger(top) || top < 1 || top > 999) return send(res, 400, graphError('Request_UnsupportedQuery', 'Invalid page size specified.'));
      const skip = Number(Buffer.from(req.url.searchParams.get('$skiptoken') ?? 'MA', 'base64url').toString() || 0);
      const q = new URLSearchParams(req.url.searchParams);
      q.set('$skiptoken', Buffer.from(String(skip + top)).toString('base64url'));
      const body: Record<string, unknown> = { '@odata.context': `${base}/$metadata#${context}`, value: rows.slice(skip, skip + top) };
      if (skip + top < rows.length) body['@odata.nextLink'] = `${base}${path}?${q}`;
      return send(res, 200, body);
    };
    if (p === '/users' && req.method === 'GET') return paged('/users', [...state.users.values()].map(shape), 'users');
    if (p === '/groups') return paged('/groups', state.groups, 'groups');
    const members = /^\/groups\/([^/]+)\/(members|transitiveMembers)(\/microsoft\.graph\.user)?$/.exec(p);
    if (members) {
      if (!state.groups.some((g) => g.id === members[1])) return send(res, 404, graphError('Request_ResourceNotFound', `Resource '${members[1]}' does not exist.`));
      return paged(p, membersOf(members[1]).map((u) => ({ '@odata.type': '#microsoft.graph.user', id: u.id, displayName: `${u.givenName} ${u.surname}` })), 'directoryObjects');
    }
    const photo = /^\/users\/([^/]+)\/photo\/\$value$/.exec(p);
    if (photo) {
      const u = state.users.get(photo[1]);
      if (!u?.photo) return send(res, 404, graphError('ImageNotFound', 'The photo wasn’t found.'));
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(u.photo.length) });
      return res.end(u.photo);
    }
    if (p === '/users/delta') {
      // The state rides in the tokens: skip token = `<since>.<offset>.<select>`, delta token = the version seen.
      const skipToken = req.url.searchParams.get('$skiptoken');
      const deltaToken = req.url.searchParams.get('$deltatoken');
      let since = 0;
      let offset = 0;
      let sel = req.url.searchParams.get('$select') ?? '';
      if (skipToken) [since, offset, sel] = (([a, b, c]) => [Number(a), Number(b), c ?? ''] as [number, number, string])(Buffer.from(skipToken, 'base64url').toString().split('.'));
      else if (deltaToken) [since, sel] = (([a, c]) => [Number(a), c ?? ''] as [number, string])(Buffer.from(deltaToken, 'base64url').toString().split('.'));
      const selected = sel ? sel.split(',') : undefined;
      // The changes in order; only the page's own rows are shaped (shaping every row for every page made a first
      // sync of 20,000 users quadratic in the fake, not in the product).
      const rows: (GraphUser | { removed: (typeof state.removed)[number] })[] = [
        ...[...state.users.values()].filter((u) => u.version > since),
        ...(since ? state.removed.filter((r) => r.version > since).map((r) => ({ removed: r })) : []),
      ];
      const present = (u: GraphUser) => {
        const full = shape(u);
        return selected ? Object.fromEntries(selected.map((k) => [k, full[k] ?? (k === 'accountEnabled' ? u.accountEnabled : null)])) : full;
      };
      const pageRows = rows.slice(offset, offset + state.deltaPageSize).map((r) => ('removed' in r ? { id: r.removed.id, '@removed': { reason: r.removed.reason } } : present(r)));
      const body: Record<string, unknown> = { '@odata.context': `${base}/$metadata#users(${sel})`, value: pageRows };
      if (offset + state.deltaPageSize < rows.length) body['@odata.nextLink'] = `${base}/users/delta?$skiptoken=${Buffer.from(`${since}.${offset + state.deltaPageSize}.${sel}`).toString('base64url')}`;
      else body['@odata.deltaLink'] = `${base}/users/delta?$deltatoken=${Buffer.from(`${state.version}.${sel}`).toString('base64url')}`;
      return send(res, 200, body);
    }
    return send(res, 404, graphError('Request_ResourceNotFound', 'Resource not found.'));
  }, opts.port);
  return { ...fake, state, change, add, remove, config: { tenant, client, secret, base_url: `${fake.url}/v1.0`, login_url: fake.url } };
}
