import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, renderAt, testSession } from '../../../test/render';
import { sections } from '../../users/testing';
import AddCustomFieldPage from './AddCustomFieldPage';
import CustomFieldsPage from './CustomFieldsPage';

const lite = () => {
  const s = testSession({ permissions: { 'custom fields': 1 } });
  return { ...s, plan: 1, entity: { ...s.entity, plan: 1 } };
};

describe('/custom-fields', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => setSession(testSession({ permissions: { 'custom fields': 1 } }) as never));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('rule 12: below the professional plan both pages explain the limit and never call the API', async () => {
    setSession(lite() as never);
    const api = answerByRoute(vi, {});
    renderAt(<CustomFieldsPage />, '/custom-fields');
    expect(await screen.findByText('Custom fields need the Professional or Enterprise plan')).toBeInTheDocument();
    renderAt(<AddCustomFieldPage />, '/add-custom-field');
    expect(await screen.findAllByTestId('plan-notice')).toHaveLength(2);
    expect(callsOf(api).filter((c) => c.href.includes('section'))).toHaveLength(0);
  });

  it('rule 12: a plan changed since login answers 403; the page says why instead of leaving for /error', async () => {
    const navigate = vi.fn();
    configureHttp({ navigate });
    answerByRoute(vi, { 'GET /api/section/with_custom_field': [403, { message: 'This feature needs the professional or enterprise plan.' }] });
    renderAt(<CustomFieldsPage />, '/custom-fields');
    expect(await screen.findByText('This feature needs the professional or enterprise plan.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    resetHttp();
  });

  it('lists each section with its fields and their flags; deleting a field sends the section back without it (ids kept)', async () => {
    const api = answerByRoute(vi, { 'GET /api/section/with_custom_field': { data: sections, count: 1 }, 'PUT /api/section/11': { message: 'Section saved.', data: sections[0] } });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<CustomFieldsPage />, '/custom-fields');
    expect(await screen.findByRole('heading', { name: 'Visit details' })).toBeInTheDocument();
    const row = screen.getByRole('cell', { name: 'Purpose of visit' }).closest('tr')!;
    expect(within(row).getByText('Radio buttons')).toBeInTheDocument();
    expect(within(row).getByText('Meeting')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Parking' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.method === 'PUT')).toBeDefined());
    const body = callsOf(api).find((c) => c.method === 'PUT')!.body as { value: string; custom_fields: { id: number; name: string }[] };
    expect(body.value).toBe('Visit details');
    expect(body.custom_fields.map((f) => [f.id, f.name])).toEqual([[21, 'Dietary needs'], [23, 'Purpose of visit']]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Section saved.' })));
  });

  it('rule 219: a new section name is checked as it is typed; a free one is created', async () => {
    const api = answerByRoute(vi, {
      'GET /api/section/with_custom_field': { data: sections, count: 1 },
      'GET /api/sections/unique': (c) => (c.href.includes('value=Visit') ? { message: 'A section with this name already exists.', data: { unique: 0 } } : { message: 'This section name is available.', data: { unique: 1 } }),
      'POST /api/section': [201, { message: 'Section saved.', data: { id: 12, entity_id: 1, value: 'Health', custom_fields: [] } }],
    });
    renderAt(<CustomFieldsPage />, '/custom-fields');
    fireEvent.click(await screen.findByRole('button', { name: 'Add section' }));
    const modal = await screen.findByRole('dialog');
    const name = within(modal).getByRole('textbox', { name: 'Section name' });
    fireEvent.change(name, { target: { value: 'Visit details' } });
    expect(await within(modal).findByText('A section with this name already exists.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Health' } });
    await waitFor(() => expect(within(modal).getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.method === 'POST')?.body).toEqual({ value: 'Health', custom_fields: [] }));
  });
});
