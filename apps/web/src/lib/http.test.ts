import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, configureHttp, http, joinErrors, resetHttp } from './http';
import { initI18n } from './i18n';
import { getSession, setSession } from './session';
import { SIDEBAR_KEY } from './storage-keys';

const session = {
  token: 'tok-123',
  expires_at: '2030-01-01T00:00:00Z',
  user: { id: 1, user_id: 1, email: 'a@b.c', fullName: 'A B', first_name: 'A', last_name: 'B', image: null, role_id: 1, role: 'admin', is_otp_enabled: 0, passport_id: 'p', lang: 'en', is_support: 0 },
  entity: null,
  permissions: {},
  role: null,
  plan: null,
} as const;

function reply(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('http client: the error catalogue (rules 105-119, architecture section 9)', () => {
  const navigate = vi.fn();
  const alert = vi.fn();
  const toast = vi.fn();
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    setSession(session as any);
    navigate.mockReset();
    alert.mockReset();
    toast.mockReset();
    configureHttp({ navigate, alert, toast, currentPath: () => '/company?tab=2' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetHttp();
  });

  it('sends the bearer token, JSON and Accept-Language; passes 200 bodies on (rules 105, 107)', async () => {
    localStorage.setItem('language', 'ar');
    const f = reply(200, { data: { ok: 1 } });
    await expect(http.post('/api/x', { a: 1 })).resolves.toEqual({ data: { ok: 1 } });
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    const h = init.headers as Record<string, string>;
    expect(h.Authorization).toBe('Bearer tok-123');
    expect(h['Content-Type']).toBe('application/json');
    expect(h['Accept-Language']).toBe('ar');
    expect(init.body).toBe('{"a":1}');
  });

  it('401 clears the session (keeping the sidebar choice) and goes to /login with the page to return to, no toast (rule 108)', async () => {
    localStorage.setItem(SIDEBAR_KEY, 'true');
    reply(401, { message: 'Your session has ended.' });
    await expect(http.get('/api/user_details')).rejects.toBeInstanceOf(HttpError);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SIDEBAR_KEY)).toBe('true');
    expect(navigate).toHaveBeenCalledWith('/login?next=%2Fcompany%3Ftab%3D2');
    expect(toast).not.toHaveBeenCalled();
  });

  it('403 with otp_error goes to /otp-error; other 403 to /error; neither toasts (rules 109-110)', async () => {
    reply(403, { message: 'two-step', otp_error: true });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenLastCalledWith('/otp-error');
    reply(403, { message: 'no' });
    await expect(http.post('/api/x', {})).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenLastCalledWith('/error');
    expect(toast).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });

  it('404 opens /404 for a page load, but a form (or notFound: throw) handles it itself (rule 111)', async () => {
    reply(404, { message: 'Not found.' });
    await expect(http.get('/api/thing/1')).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/404');
    navigate.mockReset();
    await expect(http.post('/api/thing/1', {})).rejects.toMatchObject({ status: 404 });
    await expect(http.get('/api/thing/1', { notFound: 'throw' })).rejects.toMatchObject({ status: 404 });
    expect(navigate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('500 and 502 alert the user to call the administration (rule 112)', async () => {
    for (const status of [500, 502]) {
      alert.mockReset();
      reply(status, { message: 'boom' });
      await expect(http.get('/api/x')).rejects.toMatchObject({ status });
      expect(alert).toHaveBeenCalledWith('Something went wrong on the server. Please call the administration.');
    }
    expect(toast).not.toHaveBeenCalled();
  });

  it('400 returns the field errors to the form without a toast (rules 113, 115)', async () => {
    reply(400, { message: 'The given data was invalid.', errors: { email: ['Enter a valid e-mail address.'], name: ['Too short.', 'Bad'] } });
    const err = (await http.post('/api/x', {}).catch((e) => e)) as HttpError;
    expect(err.fieldErrors.email).toEqual(['Enter a valid e-mail address.']);
    expect(joinErrors(err.fieldErrors)).toBe('Enter a valid e-mail address.\nToo short.\nBad');
    expect(toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('other failures toast the server message, or the data text when the message is missing (rule 114)', async () => {
    reply(409, { message: 'This subdomain is already taken.' });
    await expect(http.post('/api/x', {})).rejects.toMatchObject({ status: 409 });
    expect(toast).toHaveBeenLastCalledWith('This subdomain is already taken.');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Too many requests', { status: 429 })));
    await expect(http.post('/api/x', {})).rejects.toMatchObject({ status: 429 });
    expect(toast).toHaveBeenLastCalledWith('Too many requests');
  });
});
