import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { renderAt, testSession } from '../../../test/render';
import UsersPage from './UsersPage';

const person = (id: number, name: string) => ({ id, entity_id: 1, first_name: name, last_name: 'Test', full_name: `${name} Test`, email: `${name.toLowerCase()}@x.test`, phone: null, phone_code: null, id_number: null, company_name: null, image: null, status: 'active', user_type_id: 1, user_type: 'Pupil', role_id: null, department_id: null, rfid: null, has_passport: 0, created_at: '2026-01-01T00:00:00Z' });

describe('/users', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists people from the server and archives the selected ones, showing who was skipped (rules 100, 173)', async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET', body: init.body as string | undefined });
        const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
        if (url.startsWith('/api/users/1')) return json({ data: [person(7, 'Kofi'), person(8, 'Lena')], count: 2 });
        if (url.startsWith('/api/users_active')) return json({ message: 'User Status Updated', data: { done: [7], skipped: [{ id: 8, reason: 'This person is outside the sites or user types you have access to.' }] } });
        if (url.startsWith('/api/adminPreference')) return json({ data: { id: 1, employee_id: 5, entity_id: 1, page_url: '/users', table_head: null, url: null } });
        return json({ data: [], count: 0 });
      }),
    );
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UsersPage />, '/users');
    expect(await screen.findByText('Kofi Test')).toBeInTheDocument();
    const list = calls.find((c) => c.url.startsWith('/api/users/1'))!;
    expect(decodeURIComponent(list.url)).toContain('"status":"active"');
    fireEvent.click(screen.getByLabelText('Select Kofi Test'));
    fireEvent.click(screen.getByLabelText('Select Lena Test'));
    fireEvent.click(screen.getByRole('button', { name: 'Archive (2)' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/users_active')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url === '/api/users_active')!.body!)).toEqual({ users: [7, 8], status: 'archived' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: '#8: This person is outside the sites or user types you have access to.' })));
  });
});
