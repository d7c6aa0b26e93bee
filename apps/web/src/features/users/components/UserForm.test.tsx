import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, type StubCall, testSession } from '../../../test/render';
import { fullUser, gridData, sections, userType } from '../testing';
import { UserForm } from './UserForm';

const lookups = {
  'GET /api/data_users_grid/1': { data: gridData },
  'GET /api/user_types/1': { data: [userType(1, 'Visitor', { mandatory_data: ['email'] }), userType(2, 'Staff', { registration_method: 'not_required', profile_photo: 1 })] },
  'GET /api/section/with_custom_field': { data: sections, count: 1 },
};
const posted = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST');
const customOf = (body: unknown) => Object.fromEntries(((body as { custom_fields: { custom_field_id: number; value: unknown }[] }).custom_fields ?? []).map((c) => [c.custom_field_id, c.value]));

describe('the user form', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('rules 169, 194, 216-218: checks names, the type’s mandatory data and required fields before sending; sends checkboxes as JSON and the toggle as 1', async () => {
    const api = answerByRoute(vi, { ...lookups, 'POST /api/users': [201, { message: 'User Created', data: fullUser() }] });
    const saved = vi.fn();
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UserForm user={null} onSaved={saved} onCancel={() => {}} />);
    const user = userEvent.setup();
    const typeIn = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    await screen.findByRole('textbox', { name: 'First name' });
    typeIn('First name', 'K');
    await pickOption(user, screen.getByRole('combobox', { name: 'User type' }), 'Visitor');
    expect(await screen.findByText('Dietary needs', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Names must be at least 2 characters.')).toHaveLength(2);
    expect(screen.getByText('This field is required for this user type.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(posted(callsOf(api))).toHaveLength(0);

    typeIn('First name', 'Kofi');
    typeIn('Last name', 'Mensah');
    typeIn('E-mail', 'kofi@northfield.example');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '77e00-900');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('7700900');
    await user.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await user.click(screen.getByRole('switch', { name: 'Parking' }));
    await user.click(screen.getByRole('radio', { name: 'Meeting' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(callsOf(api))).toHaveLength(1));
    const body = posted(callsOf(api))[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ first_name: 'Kofi', last_name: 'Mensah', email: 'kofi@northfield.example', phone: '7700900', user_type_id: 1 });
    expect(customOf(body)).toEqual({ 21: '["Vegan"]', 22: '1', 23: 'Meeting' });
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User Created' }));
  });

  it('rule 171: the server’s 409 lands on its field; a refusal (403) is said on the form', async () => {
    let answer: [number, unknown] = [409, { message: 'Phone number already used', errors: { phone: ['Phone number already used'] } }];
    answerByRoute(vi, { ...lookups, 'POST /api/users/update/7': () => answer });
    renderAt(<UserForm user={fullUser() as never} onSaved={() => {}} onCancel={() => {}} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Kofi');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveAccessibleDescription(expect.stringContaining('Phone number already used')));
    answer = [403, { message: 'This person is outside the sites or user types you have access to.' }];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This person is outside the sites or user types you have access to.')).toBeInTheDocument();
  });

  it('editing sends only the changed custom fields; a staff type (registration not required) does not need the pre-registration field', async () => {
    const api = answerByRoute(vi, { ...lookups, 'GET /api/files/people/1-0123456789abcdef.jpg': {}, 'POST /api/users/update/7': { message: 'User Updated', data: fullUser() } });
    const u = fullUser({ user_type_id: 2, image: '/api/files/people/1-0123456789abcdef.jpg', sections: [{ section_id: 11, value: 'Visit details', custom_fields: [{ custom_field_id: 21, name: 'Dietary needs', type: 'checkboxes', value: '["Halal"]' }] }] });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
    renderAt(<UserForm user={u as never} onSaved={() => {}} onCancel={() => {}} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('checkbox', { name: 'Halal' }, { timeout: 5000 })).toBeChecked();
    expect(screen.getByDisplayValue('B-12')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(callsOf(api))).toHaveLength(1));
    const body = posted(callsOf(api))[0].body as Record<string, unknown>;
    expect(customOf(body)).toEqual({ 21: '["Vegan","Halal"]' });
    expect(body).toMatchObject({ labels: ['Year 7'], resources: { Locker: 'B-12' }, department_id: 6, phone_code: '+44' });
  });

  it('rule 174: a photo under 250 x 300 is refused before sending; a good one goes as multipart with the body in `data`', async () => {
    const api = answerByRoute(vi, { ...lookups, 'POST /api/users': [201, { message: 'User Created', data: fullUser() }] });
    let size = { width: 200, height: 300 };
    vi.stubGlobal('createImageBitmap', async () => ({ ...size, close: () => {} }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
    renderAt(<UserForm user={null} onSaved={() => {}} onCancel={() => {}} />);
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Okafor' } });
    await pickOption(user, screen.getByRole('combobox', { name: 'User type' }), 'Staff');
    const file = screen.getByTestId('photo-dropzone').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(file, new File([new Uint8Array(100)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('The photo must be at least 250 pixels wide and 300 pixels high.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(posted(callsOf(api))).toHaveLength(0);
    size = { width: 300, height: 400 };
    await user.upload(file, new File([new Uint8Array(100)], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByText('The photo must be at least 250 pixels wide and 300 pixels high.')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(callsOf(api))).toHaveLength(1));
    const form = posted(callsOf(api))[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(String(form.get('data')))).toMatchObject({ first_name: 'Dana', last_name: 'Okafor', user_type_id: 2 });
    expect((form.get('image') as File).name).toBe('me.png');
  });
});
