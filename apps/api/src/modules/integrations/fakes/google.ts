import { createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { personName, send, startFake } from './server';

/**
 * The Google Admin SDK Directory fake (directories.md §1 and "What a local fake must do"): `POST /token` for the
 * `refresh_token` grant (unknown refresh token 400 `invalid_grant` "Token has been expired or revoked.", wrong
 * client 401 `invalid_client`) and the `jwt-bearer` grant (an RS256 JWT signed by the test key: `iss`, `sub`,
 * `aud`, `scope`, `exp` checked). `/admin/directory/v1/users|groups|groups/{key}/members|users/{key}/photos/thumbnail`
 * and `/customer/{c}/orgunits`; `customer` or `domain` required on lists; `maxResults` capped (users 500, groups
 * and members 200; over it 400); an opaque `nextPageToken`, absent on the last page. Missing or unknown bearer:
 * 401 with Google's error body. Switches: `rateLimit403` (next N calls 403 `userRateLimitExceeded`), `tokenLife`.
 */
export interface GoogleUser {
  id: string;
  primaryEmail: string;
  givenName: string;
  familyName: string;
  suspended: boolean;
  orgUnitPath: string;
  phone: string | null;
  groups: string[];
  photo?: Buffer;
}

const googleError = (code: number, status: string, reason: string, message: string, domain = 'global') => ({ error: { code, message, errors: [{ message, domain, reason }], status } });
export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/admin.directory.user.readonly', 'https://www.googleapis.com/auth/admin.directory.group.readonly', 'https://www.googleapis.com/auth/admin.directory.group.member.readonly'];

export async function startGoogleFake(opts: { users?: number; groups?: number; port?: number } = {}) {
  const clientId = 'client-1.apps.googleusercontent.com';
  const clientSecret = 'GOCSPX-secret';
  const serviceAccount = 'sync@gatehouse-test.iam.gserviceaccount.com';
  const admin = 'admin@school.test';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const groupCount = opts.groups ?? 2;
  const state = {
    users: [] as GoogleUser[],
    groups: Array.from({ length: groupCount }, (_, i) => ({ id: `03x${i}`, email: `group${i}@school.test`, name: i === 0 ? 'Year 7' : `Group ${i}`, nested: [] as string[] })),
    orgUnits: [
      { orgUnitPath: '/Staff', name: 'Staff', orgUnitId: 'id:ou-staff' },
      { orgUnitPath: '/Pupils', name: 'Pupils', orgUnitId: 'id:ou-pupils' },
    ],
    refreshTokens: new Set(['1//refresh-token']),
    tokens: new Map<string, number>(),
    tokenLife: 3599,
    tokenCalls: [] as string[],
    rateLimit403: 0,
    calls: [] as string[],
  };
  for (let i = 0; i < (opts.users ?? 3); i++) {
    const n = personName(i);
    state.users.push({ id: String(104320000000000 + i), primaryEmail: `${n.first.toLowerCase()}.${n.last.toLowerCase()}${i}@school.test`, givenName: n.first, familyName: n.last, suspended: false, orgUnitPath: i % 2 ? '/Pupils' : '/Staff', phone: `+44 7700 9${String(i).padStart(5, '0')}`, groups: [`03x${i % groupCount}`] });
  }
  const issue = () => {
    const access = `ya29.${randomUUID()}`;
    state.tokens.set(access, Date.now() + state.tokenLife * 1000);
    return { access_token: access, expires_in: state.tokenLife, scope: GOOGLE_SCOPES.join(' '), token_type: 'Bearer' };
  };
  /** Verifies a service account's assertion (RS256, claims) as Google does; the reason when refused. */
  const assertionProblem = (jwt: string, tokenUrl: string) => {
    const [h, p, sig] = jwt.split('.');
    if (!h || !p || !sig) return 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe';
    const ok = createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(sig, 'base64url'));
    if (!ok) return 'Invalid JWT Signature.';
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== serviceAccount) return 'Invalid JWT: iss';
    if (claims.aud !== tokenUrl) return 'Invalid JWT: aud';
    if (claims.sub !== admin) return 'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.';
    if (typeof claims.exp !== 'number' || claims.exp < now || claims.exp - Number(claims.iat) > 3600) return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
    if (!GOOGLE_SCOPES.every((s) => String(claims.scope).split(' ').includes(s))) return 'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.';
    return null;
  };
  const fake = await startFake((req, res) => {
    state.calls.push(`${req.method} ${req.url.pathname}${req.url.search}`);
    if (req.url.pathname === '/token' && req.method === 'POST') {
      const grant = req.form.get('grant_type') ?? '';
      state.tokenCalls.push(grant);
      if (grant === 'refresh_token') {
        if (req.form.get('client_id') !== clientId || req.form.get('client_secret') !== clientSecret) return send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
        if (!state.refreshTokens.has(req.form.get('refresh_token') ?? '')) return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return send(res, 200, issue());
      }
      if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        const problem = assertionProblem(req.form.get('assertion') ?? '', `${fake.url}/token`);
        if (problem) return send(res, 400, { error: problem.startsWith('Client is unauthorized') ? 'unauthorized_client' : 'invalid_grant', error_description: problem });
        return send(res, 200, issue());
      }
      return send(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const until = state.tokens.get(bearer);
    if (!until || until < Date.now())
      return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }], status: 'UNAUTHENTICATED' } });
    if (state.rateLimit403 > 0) {
      state.rateLimit403--;
      return send(res, 403, googleError(403, 'PERMISSION_DENIED', 'userRateLimitExceeded', 'Quota exceeded for quota metric \'Queries\' and limit \'Queries per minute per user\'.', 'usageLimits'));
    }
    const m = /^\/admin\/directory\/v1(\/.*)$/.exec(req.url.pathname);
    if (!m) return send(res, 404, googleError(404, 'NOT_FOUND', 'notFound', 'Not Found'));
    const path = m[1];
    const q = req.url.searchParams;
    const paged = (kind: string, key: string, rows: unknown[], cap: number, needsCustomer: boolean) => {
      if (needsCustomer && !q.get('customer') && !q.get('domain')) return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'badRequest', 'Bad Request'));
      const max = Number(q.get('maxResults') ?? 100);
      if (!Number.isInteger(max) || max < 1 || max > cap) return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'invalid', `Invalid value '${q.get('maxResults')}'. Values must be within the range: [1, ${cap}]`));
      const token = q.get('pageToken');
      const start = token ? Number(Buffer.from(token, 'base64url').toString().split(':')[1]) : 0;
      if (token && !Number.isInteger(start)) return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'invalid', 'Invalid page token'));
      const body: Record<string, unknown> = { kind, etag: `"${randomUUID()}"`, [key]: rows.slice(start, start + max) };
      if (start + max < rows.length) body.nextPageToken = Buffer.from(`${randomUUID().slice(0, 8)}:${start + max}`).toString('base64url');
      return send(res, 200, body);
    };
    const shape = (u: GoogleUser) => ({
      kind: 'admin#directory#user',
      id: u.id,
      primaryEmail: u.primaryEmail,
      name: { givenName: u.givenName, familyName: u.familyName, fullName: `${u.givenName} ${u.familyName}` },
      isAdmin: false,
      suspended: u.suspended,
      archived: false,
      orgUnitPath: u.orgUnitPath,
      ...(u.phone ? { phones: [{ value: u.phone, type: 'mobile' }] } : {}),
      organizations: [{ title: 'Teacher', department: 'Science', primary: true }],
      creationTime: '2024-09-01T08:00:00.000Z',
    });
    if (req.method === 'GET' && path === '/users') return paged('admin#directory#users', 'users', state.users.map(shape), 500, true);
    if (req.method === 'GET' && path === '/groups') return paged('admin#directory#groups', 'groups', state.groups.map((g) => ({ kind: 'admin#directory#group', id: g.id, email: g.email, name: g.name, directMembersCount: String(state.users.filter((u) => u.groups.includes(g.id)).length + g.nested.length) })), 200, true);
    const members = /^\/groups\/([^/]+)\/members$/.exec(path);
    if (members && req.method === 'GET') {
      const key = decodeURIComponent(members[1]);
      const group = state.groups.find((g) => g.id === key || g.email === key);
      if (!group) return send(res, 404, googleError(404, 'NOT_FOUND', 'notFound', 'Resource Not Found: groupKey'));
      const derived = q.get('includeDerivedMembership') === 'true';
      // Members of nested groups when derived (a loop of groups ends: each group once).
      const seen = new Set<string>();
      const users = new Map<string, GoogleUser>();
      const walk = (g: (typeof state.groups)[number]) => {
        if (seen.has(g.id)) return;
        seen.add(g.id);
        for (const u of state.users) if (u.groups.includes(g.id)) users.set(u.id, u);
        if (derived) for (const n of g.nested) walk(state.groups.find((x) => x.id === n)!);
      };
      walk(group);
      const rows = [
        ...[...users.values()].map((u) => ({ kind: 'admin#directory#member', id: u.id, email: u.primaryEmail, role: 'MEMBER', type: 'USER', status: 'ACTIVE' })),
        ...(derived ? [] : group.nested.map((n) => ({ kind: 'admin#directory#member', id: n, role: 'MEMBER', type: 'GROUP', status: 'ACTIVE' }))),
      ];
      return paged('admin#directory#members', 'members', rows, 200, false);
    }
    const photo = /^\/users\/([^/]+)\/photos\/thumbnail$/.exec(path);
    if (photo && req.method === 'GET') {
      const u = state.users.find((x) => x.id === decodeURIComponent(photo[1]) || x.primaryEmail === decodeURIComponent(photo[1]));
      if (!u?.photo) return send(res, 404, googleError(404, 'NOT_FOUND', 'notFound', 'Resource Not Found: photo'));
      return send(res, 200, { kind: 'admin#directory#user#photo', id: u.id, primaryEmail: u.primaryEmail, mimeType: 'JPEG', width: 96, height: 96, photoData: u.photo.toString('base64url') });
    }
    if (req.method === 'GET' && /^\/customer\/[^/]+\/orgunits$/.test(path)) return send(res, 200, { kind: 'admin#directory#orgUnits', organizationUnits: state.orgUnits.map((o) => ({ kind: 'admin#directory#orgUnit', ...o, parentOrgUnitPath: '/' })) });
    return send(res, 404, googleError(404, 'NOT_FOUND', 'notFound', 'Not Found'));
  }, opts.port);
  const base = `${fake.url}/admin/directory/v1`;
  return {
    ...fake,
    state,
    config: { refresh_token: '1//refresh-token', client_id: clientId, client_secret: clientSecret, base_url: base, token_url: `${fake.url}/token` },
    serviceAccountConfig: { service_account_email: serviceAccount, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), admin_email: admin, base_url: base, token_url: `${fake.url}/token` },
  };
}
