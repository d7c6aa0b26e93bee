import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, type StubCall, testSession } from '../../../test/render';
import { sections } from '../../users/testing';
import AddCustomFieldPage from './AddCustomFieldPage';

const list = { 'GET /api/section/with_custom_field': { data: sections, count: 1 } };
const sent = (calls: StubCall[], method: string) => calls.find((c) => c.method === method)?.body as { value: string; custom_fields: Record<string, unknown>[] } | undefined;
const others = [{ path: '/custom-fields', element: <p>fields</p> }];

describe('/add-custom-field', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { 'custom fields': 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rules 216-217: a rating scale needs its display; the new field joins its section after the others', async () => {
    const api = answerByRoute(vi, { ...list, 'PUT /api/section/11': { message: 'Section saved.', data: sections[0] } });
    const { router } = renderAt(<AddCustomFieldPage />, '/add-custom-field?section=11', '/add-custom-field', others);
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Field name' }, { timeout: 5000 }), { target: { value: 'How was your visit?' } });
    await pickOption(user, screen.getByRole('combobox', { name: 'Type' }), 'Rating scale');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose how the rating scale is displayed.')).toBeInTheDocument();
    await user.click(screen.getByText('Smileys'));
    await user.click(screen.getByRole('switch', { name: 'Printed on badges' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(callsOf(api), 'PUT')).toBeDefined());
    const body = sent(callsOf(api), 'PUT')!;
    expect(body.value).toBe('Visit details');
    expect(body.custom_fields.map((f) => f.id ?? f.name)).toEqual([21, 22, 23, 'How was your visit?']);
    expect(body.custom_fields[3]).toMatchObject({ type: 'rating', display: 'smileys', options: [], badge_printable: true, fillable_by_user: false, required_at_pre_registration: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom-fields'));
  });

  it('rule 219: field names and options must be unique, and a choice field needs options; nothing is sent until they are', async () => {
    const api = answerByRoute(vi, list);
    renderAt(<AddCustomFieldPage />, '/add-custom-field?section=11', '/add-custom-field', others);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Field name' }, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'parking' } });
    expect(screen.getByText('A custom field with this name already exists.')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Access needs' } });
    await pickOption(user, screen.getByRole('combobox', { name: 'Type' }), 'Checkboxes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one option.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Option 1' }), { target: { value: 'Wheelchair' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Option 2' }), { target: { value: 'wheelchair' } });
    expect(screen.getByText('This option is already in the list.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Option names must be unique.')).toBeInTheDocument();
    expect(callsOf(api).filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates a field in a new section, and shows the server’s 409 on the field name', async () => {
    const api = answerByRoute(vi, {
      ...list,
      'GET /api/sections/unique': { message: 'This section name is available.', data: { unique: 1 } },
      'POST /api/section': [409, { message: 'A custom field with this name already exists.', errors: { 'custom_fields.0.name': ['A custom field with this name already exists.'] } }],
    });
    renderAt(<AddCustomFieldPage />, '/add-custom-field', '/add-custom-field', others);
    const user = userEvent.setup();
    await pickOption(user, await screen.findByRole('combobox', { name: 'Section' }, { timeout: 5000 }), 'A new section');
    fireEvent.change(screen.getByRole('textbox', { name: 'Section name' }), { target: { value: 'Health' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Field name' }), { target: { value: 'Allergies' } });
    await pickOption(user, screen.getByRole('combobox', { name: 'Type' }), 'Long text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(callsOf(api), 'POST')).toEqual({ value: 'Health', custom_fields: [expect.objectContaining({ name: 'Allergies', type: 'long_text', display: null, options: [], binding: null })] }));
    const field = screen.getByRole('textbox', { name: 'Field name' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('A custom field with this name already exists.')));
  });

  it('edits a field in place: same id, same position, its section fixed', async () => {
    const api = answerByRoute(vi, { ...list, 'PUT /api/section/11': { message: 'Section saved.', data: sections[0] } });
    renderAt(<AddCustomFieldPage />, '/add-custom-field?section=11&field=23', '/add-custom-field', others);
    const name = await screen.findByRole('textbox', { name: 'Field name' }, { timeout: 5000 });
    expect(name).toHaveValue('Purpose of visit');
    expect(screen.getByRole('textbox', { name: 'Option 2' })).toHaveValue('Delivery');
    expect(screen.getByRole('combobox', { name: 'Section' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Reason for visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(callsOf(api), 'PUT')).toBeDefined());
    expect(sent(callsOf(api), 'PUT')!.custom_fields.map((f) => [f.id, f.name])).toEqual([[21, 'Dietary needs'], [22, 'Parking'], [23, 'Reason for visit']]);
    expect(within(document.body).queryByText('A custom field with this name already exists.')).toBeNull();
  });
});
