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

  it('forbidden: throw leaves a 403 to the caller (an action refused with its reason, rule 100); otp_error still goes to /otp-error', async () => {
    reply(403, { message: 'This person is outside the sites or user types you have access to.' });
    const err = (await http.delete('/api/users/7', { forbidden: 'throw' }).catch((e) => e)) as HttpError;
    expect(err.message).toBe('This person is outside the sites or user types you have access to.');
    expect(navigate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    reply(403, { message: 'two-step', otp_error: true });
    await expect(http.delete('/api/users/7', { forbidden: 'throw' })).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenLastCalledWith('/otp-error');
  });

  it('blob fetches a members-only file with the bearer token; a missing file is thrown, not a /404 page', async () => {
    const f = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': 'image/jpeg' } }));
    vi.stubGlobal('fetch', f);
    const blob = await http.blob('/api/files/people/1-abc.jpg');
    expect(blob.size).toBe(3);
    expect(((f.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    reply(404, { message: 'Not found.' });
    await expect(http.blob('/api/files/people/1-abc.jpg')).rejects.toMatchObject({ status: 404 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('404 opens /404 for a page load; on a write a toast says it is gone (issue 15 part 8); notFound: throw leaves it to the caller (rule 111)', async () => {
    reply(404, { message: 'Not found.' });
    await expect(http.get('/api/thing/1')).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/404');
    navigate.mockReset();
    await expect(http.put('/api/journey/9', {})).rejects.toMatchObject({ status: 404, shown: true });
    expect(toast).toHaveBeenCalledWith('This no longer exists: someone may have deleted it. Reload the page to see the current data.');
    toast.mockReset();
    await expect(http.post('/api/thing/1', {}, { notFound: 'throw' })).rejects.toMatchObject({ status: 404, shown: false });
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

  it('a caller that shows the failure itself (quiet) gets the error without a toast', async () => {
    reply(409, { message: 'error_date', errors: { visit_date: ['This person already has a visit then.'] } });
    const err = (await http.post('/api/x', {}, { quiet: true }).catch((e) => e)) as HttpError;
    expect(err.message).toBe('error_date');
    expect(toast).not.toHaveBeenCalled();
  });
});
