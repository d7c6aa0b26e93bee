import { arrayAt, call, flatten, str } from './http';
import { type Changes, type DirectoryAdapter, DirectoryError, type DirectoryGroup, type DirectoryUser, type Page, PHOTO_MAX_BYTES } from './types';

export interface AzureConfig {
  tenant: string;
  client: string;
  secret: string;
  base_url?: string;
  login_url?: string;
}

const SELECT = 'id,displayName,givenName,surname,mail,userPrincipalName,mobilePhone,businessPhones,jobTitle,department,officeLocation,companyName,employeeId,accountEnabled';

/**
 * Microsoft Graph for Entra (directories.md §2): client-credentials token (no refresh token: a new one before
 * `expires_in`), `@odata.nextLink` paging followed verbatim, `/users/delta` with its `@odata.deltaLink` for
 * changes (`@removed` entries are people who left).
 */
export class GraphAdapter implements DirectoryAdapter {
  readonly type = 'azure' as const;
  readonly fields = SELECT.split(',').filter((f) => f !== 'id' && f !== 'accountEnabled');
  private base: string;
  private login: string;
  private token: { value: string; until: number } | null = null;

  constructor(private config: AzureConfig) {
    this.base = (config.base_url ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, '');
    this.login = (config.login_url ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  }

  async refresh() {
    const body = await call<{ access_token?: unknown; expires_in?: unknown }>(`${this.login}/${encodeURIComponent(this.config.tenant)}/oauth2/v2.0/token`, {
      form: { client_id: this.config.client, client_secret: this.config.secret, scope: 'https://graph.microsoft.com/.default', grant_type: 'client_credentials' },
    });
    const value = str(body.access_token);
    if (!value) throw new DirectoryError('bad_answer', 'no access_token in the token answer');
    const life = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3599;
    this.token = { value, until: Date.now() + (life - 60) * 1000 };
  }

  async authenticate() {
    await this.refresh();
    await this.get(`${this.base}/users?$select=id&$top=1`);
  }

  /** A call with a valid token: a new one before expiry, and once more after a 401 (token revoked or expired early). */
  private async get<T>(url: string, raw = false): Promise<T> {
    if (!url.startsWith(this.base)) throw new DirectoryError('bad_answer', 'a page link points outside the directory');
    if (!this.token || this.token.until < Date.now()) await this.refresh();
    const opts = () => ({ headers: { authorization: `Bearer ${this.token!.value}` }, raw, maxBytes: raw ? PHOTO_MAX_BYTES : undefined });
    try {
      return await call<T>(url, opts());
    } catch (err) {
      if (!(err instanceof DirectoryError) || err.kind !== 'auth') throw err;
      await this.refresh();
      return call<T>(url, opts());
    }
  }

  private user(raw: unknown): DirectoryUser | null {
    if (!raw || typeof raw !== 'object') return null;
    const r = raw as Record<string, unknown>;
    if (r['@removed']) return null;
    return { id: str(r.id) ?? '', fields: flatten(r), groups: [], active: r.accountEnabled !== false };
  }

  private async page(url: string) {
    const body = await this.get<Record<string, unknown>>(url);
    return { value: arrayAt(body, 'value'), next: str(body['@odata.nextLink']), delta: str(body['@odata.deltaLink']) };
  }

  async users(from: string | null): Promise<Page<DirectoryUser>> {
    const { value, next } = await this.page(from ?? `${this.base}/users?$select=${SELECT}&$top=999`);
    return { items: value.map((u) => this.user(u)).filter((u): u is DirectoryUser => !!u), next };
  }

  async groups(from: string | null): Promise<Page<DirectoryGroup>> {
    const { value, next } = await this.page(from ?? `${this.base}/groups?$select=id,displayName,mail,groupTypes,securityEnabled&$top=999`);
    const items = (value as Record<string, unknown>[])
      .map((g) => ({ id: str(g.id) ?? '', name: str(g.displayName) ?? str(g.id) ?? '', kind: Array.isArray(g.groupTypes) && g.groupTypes.includes('Unified') ? 'microsoft365' : 'security' }))
      .filter((g) => g.id);
    return { items, next };
  }

  /** Members that are users (nested groups flattened by transitiveMembers, so a group loop cannot recurse here). */
  async members(groupId: string, from: string | null): Promise<Page<string>> {
    const { value, next } = await this.page(from ?? `${this.base}/groups/${encodeURIComponent(groupId)}/transitiveMembers/microsoft.graph.user?$select=id&$top=999`);
    return { items: (value as Record<string, unknown>[]).map((m) => str(m.id)).filter((x): x is string => !!x), next };
  }

  async photo(userId: string) {
    try {
      const { bytes, mime } = await this.get<{ bytes: Buffer; mime: string }>(`${this.base}/users/${encodeURIComponent(userId)}/photo/$value`, true);
      return { bytes, mime };
    } catch (err) {
      if (err instanceof DirectoryError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  /** Delta: the stored deltaLink (or the first delta call), nextLink pages, then the new deltaLink. */
  async changes(cursor: Record<string, string>, from: string | null): Promise<Changes> {
    const url = from ?? cursor.delta_link ?? `${this.base}/users/delta?$select=${SELECT}`;
    const { value, next, delta } = await this.page(url);
    const changed: DirectoryUser[] = [];
    const removed: string[] = [];
    for (const u of value as Record<string, unknown>[]) {
      if (u['@removed']) {
        if (str(u.id)) removed.push(str(u.id)!);
      } else {
        const user = this.user(u);
        if (user) changed.push(user);
      }
    }
    if (!next && !delta) throw new DirectoryError('bad_answer', 'a delta page with neither nextLink nor deltaLink');
    return { changed, removed, next, cursor: delta ? { delta_link: delta } : cursor };
  }
}
