import { createSign } from 'node:crypto';
import { call, flatten, str } from './http';
import { type DirectoryAdapter, DirectoryError, type DirectoryGroup, type DirectoryUser, type Page, PHOTO_MAX_BYTES } from './types';

export interface GoogleConfig {
  refresh_token?: string;
  client_id?: string;
  client_secret?: string;
  service_account_email?: string;
  private_key?: string;
  admin_email?: string;
  /** `my_customer` (the admin's own account) unless given. */
  customer?: string;
  base_url?: string;
  token_url?: string;
}

const SCOPES = ['https://www.googleapis.com/auth/admin.directory.user.readonly', 'https://www.googleapis.com/auth/admin.directory.group.readonly', 'https://www.googleapis.com/auth/admin.directory.group.member.readonly', 'https://www.googleapis.com/auth/admin.directory.orgunit.readonly'];
/** Org units are groups too (a mapping may key on them): their ids carry this prefix. */
export const ORG_UNIT = 'ou:';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/**
 * Google Workspace Admin SDK Directory API (directories.md §1): an admin's refresh token (the refresh grant) or a
 * service account with domain-wide delegation (an RS256 JWT for the admin, minted again each hour); `users`,
 * `groups` and `members` paged by `nextPageToken` (500, 200, 200 a page); members with derived membership (nested
 * groups flattened by Google, so a loop of groups cannot recurse here); `suspended` or `archived` as inactive;
 * org units as groups. No change tracking: a full listing each time, people not seen are archived by the sync.
 */
export class GoogleAdapter implements DirectoryAdapter {
  readonly type = 'google' as const;
  readonly fields = ['name.givenName', 'name.familyName', 'name.fullName', 'primaryEmail', 'phones.value', 'organizations.title', 'organizations.department', 'orgUnitPath', 'externalIds.value', 'locations.buildingId'];
  private base: string;
  private tokenUrl: string;
  private customer: string;
  private token: { value: string; until: number } | null = null;

  constructor(private config: GoogleConfig) {
    this.base = (config.base_url ?? 'https://admin.googleapis.com/admin/directory/v1').replace(/\/+$/, '');
    this.tokenUrl = config.token_url ?? 'https://oauth2.googleapis.com/token';
    this.customer = config.customer || 'my_customer';
  }

  /** The service account's signed assertion (iss, scope, aud, sub = the admin it acts for, one hour at most). */
  private assertion() {
    const now = Math.floor(Date.now() / 1000);
    const head = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: this.config.service_account_email, scope: SCOPES.join(' '), aud: this.tokenUrl, sub: this.config.admin_email, iat: now, exp: now + 3600 })}`;
    try {
      const key = (this.config.private_key ?? '').replace(/\\n/g, '\n');
      return `${head}.${createSign('RSA-SHA256').update(head).sign(key, 'base64url')}`;
    } catch {
      throw new DirectoryError('auth', 'the service account’s private key cannot sign');
    }
  }

  async refresh() {
    const c = this.config;
    const form: Record<string, string> | null = c.refresh_token && c.client_id && c.client_secret
      ? { grant_type: 'refresh_token', client_id: c.client_id, client_secret: c.client_secret, refresh_token: c.refresh_token }
      : c.service_account_email && c.private_key && c.admin_email
        ? { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: this.assertion() }
        : null;
    if (!form) throw new DirectoryError('auth', 'no refresh token or service account');
    const body = await call<{ access_token?: unknown; expires_in?: unknown }>(this.tokenUrl, { form });
    const value = str(body.access_token);
    if (!value) throw new DirectoryError('bad_answer', 'no access_token in the token answer');
    const life = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3599;
    this.token = { value, until: Date.now() + Math.max(life - 60, life / 2) * 1000 };
  }

  async authenticate() {
    this.token = null;
    await this.refresh();
    await this.get('/users', { customer: this.customer, maxResults: '1' });
  }

  /** A call with a live token: renewed before it ends and once more after a 401. */
  private async get<T>(path: string, query: Record<string, string | null> = {}, raw = false): Promise<T> {
    const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== null && e[1] !== ''));
    const url = `${this.base}${path}${q.size ? `?${q}` : ''}`;
    if (!this.token || this.token.until < Date.now()) await this.refresh();
    const go = () => call<T>(url, { headers: { authorization: `Bearer ${this.token!.value}` }, ...(raw ? { maxBytes: Math.ceil(PHOTO_MAX_BYTES * 1.4) } : {}) });
    try {
      return await go();
    } catch (err) {
      if (!(err instanceof DirectoryError) || err.kind !== 'auth') throw err;
      await this.refresh();
      return go();
    }
  }

  /** A listing page: the array under `key` (absent means none), and the next page token. */
  private async list(path: string, key: string, query: Record<string, string | null>) {
    const body = await this.get<Record<string, unknown>>(path, query);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DirectoryError('bad_answer', 'the answer is not an object');
    const rows = body[key] ?? [];
    if (!Array.isArray(rows)) throw new DirectoryError('bad_answer', `the answer’s "${key}" is not a list`);
    const next = body.nextPageToken;
    if (next !== undefined && next !== null && typeof next !== 'string') throw new DirectoryError('bad_answer', 'the nextPageToken is not text');
    return { rows: rows as Record<string, unknown>[], next: next || null };
  }

  private user(r: Record<string, unknown>): DirectoryUser | null {
    if (!r || typeof r !== 'object') return null;
    const ou = str(r.orgUnitPath);
    return { id: str(r.id) ?? '', fields: flatten(r), groups: ou ? [`${ORG_UNIT}${ou}`] : [], active: r.suspended !== true && r.archived !== true };
  }

  async users(from: string | null): Promise<Page<DirectoryUser>> {
    const { rows, next } = await this.list('/users', 'users', { customer: this.customer, maxResults: '500', projection: 'full', orderBy: 'email', pageToken: from });
    return { items: rows.map((u) => this.user(u)).filter((u): u is DirectoryUser => !!u), next };
  }

  /** Org units first (when the scope is granted), then the groups page by page: `from` is `groups|<pageToken>`. */
  async groups(from: string | null): Promise<Page<DirectoryGroup>> {
    if (!from) {
      let units: DirectoryGroup[] = [];
      try {
        const { rows } = await this.list(`/customer/${encodeURIComponent(this.customer)}/orgunits`, 'organizationUnits', { type: 'all' });
        units = rows.filter((o) => str(o.orgUnitPath)).map((o) => ({ id: `${ORG_UNIT}${str(o.orgUnitPath)}`, name: str(o.name) ?? str(o.orgUnitPath)!, kind: 'orgunit' }));
      } catch (err) {
        if (!(err instanceof DirectoryError) || (err.kind !== 'forbidden' && err.kind !== 'not_found')) throw err;
      }
      return { items: units, next: 'groups|' };
    }
    const token = from.slice('groups|'.length) || null;
    const { rows, next } = await this.list('/groups', 'groups', { customer: this.customer, maxResults: '200', pageToken: token });
    const items = rows.filter((g) => str(g.id)).map((g) => ({ id: str(g.id)!, name: str(g.name) ?? str(g.email) ?? str(g.id)!, kind: 'group' }));
    return { items, next: next ? `groups|${next}` : null };
  }

  /** Users of a group, nested groups included (Google flattens them); an org unit's people carry it already. */
  async members(groupId: string, from: string | null): Promise<Page<string>> {
    if (groupId.startsWith(ORG_UNIT)) return { items: [], next: null };
    const { rows, next } = await this.list(`/groups/${encodeURIComponent(groupId)}/members`, 'members', { maxResults: '200', includeDerivedMembership: 'true', pageToken: from });
    return { items: rows.filter((m) => m && (m.type === undefined || m.type === 'USER') && str(m.id)).map((m) => str(m.id)!), next };
  }

  async photo(userId: string) {
    try {
      const body = await this.get<{ photoData?: unknown; mimeType?: unknown }>(`/users/${encodeURIComponent(userId)}/photos/thumbnail`, {}, true);
      const data = str(body.photoData);
      if (!data) return null;
      const mime = str(body.mimeType)?.toLowerCase() ?? 'jpeg';
      return { bytes: Buffer.from(data, 'base64'), mime: mime.includes('/') ? mime : `image/${mime}` };
    } catch (err) {
      if (err instanceof DirectoryError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  /** Google offers no delta for users (directories.md): the sync lists everyone and archives who is gone. */
  async changes() {
    return null;
  }
}
