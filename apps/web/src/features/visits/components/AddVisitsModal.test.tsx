import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { resetHttp } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, renderAt, testSession } from '../../../test/render';
import AddVisitsModal from './AddVisitsModal';

// The visit's day typed as payloads carry it (test/day-field-as-text.tsx).
vi.mock('../../../components/fields', async (io) => (await import('../../../test/day-field-as-text')).dayFieldAsText(io));

const options = { data: { sites: [{ id: 2, name: 'Main Building', areas: [{ id: 5, name: 'Reception' }] }], user_types: [{ id: 3, name: 'Visitor' }] } };

async function fillAndSave() {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const input = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;
  await waitFor(() => expect(input(/^Site/)).toBeEnabled());
  await user.click(input(/^Site/));
  await user.click(await screen.findByRole('option', { name: 'Main Building', hidden: true }));
  await user.click(input(/^Area/));
  await user.click(await screen.findByRole('option', { name: 'Reception', hidden: true }));
  await user.click(input(/^User type/));
  await user.click(await screen.findByRole('option', { name: 'Visitor', hidden: true }));
  fireEvent.change(screen.getByLabelText(/^Visit date/), { target: { value: '2030-01-01' } });
  fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '09:00' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'First name 1' }), { target: { value: 'Olga' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Last name 1' }), { target: { value: 'Ortiz' } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('"Add visits" from the top bar (rules 157-158, 168)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    configure({ asyncUtilTimeout: 5000 });
  });
  beforeEach(() => setSession(testSession({ permissions: { users: 1 } }) as never));
  afterEach(() => {
    vi.unstubAllGlobals();
    resetHttp();
  });

  it('once added, the form closes and the success modal says "Visit Added" / "Visit has been added successfully."', async () => {
    answerByRoute(vi, { 'GET /api/expected_visit_options/1': options, 'POST /api/expected-visit': [201, { message: 'Visit has been added successfully.', data: [] }] });
    const onClose = vi.fn();
    renderAt(<AddVisitsModal opened onClose={onClose} />);
    await fillAndSave();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const done = await screen.findByRole('dialog', { name: 'Visit Added' });
    expect(done).toHaveTextContent('Visit has been added successfully.');
  });

  it('a failure that is not about a field shows its message and closes the form (rule 158)', async () => {
    const fetchMock = answerByRoute(vi, { 'GET /api/expected_visit_options/1': options, 'POST /api/expected-visit': [409, { message: 'This visitor already has a visit at this time.' }] });
    const shown = vi.spyOn(notifications, 'show');
    const onClose = vi.fn();
    renderAt(<AddVisitsModal opened onClose={onClose} />);
    await fillAndSave();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((c: unknown[]) => c[0])).toContain('/api/expected-visit');
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'This visitor already has a visit at this time.' }));
    expect(screen.queryByRole('dialog', { name: 'Visit Added' })).toBeNull();
  });
});
