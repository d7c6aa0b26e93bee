import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerByRoute, callsOf, pickOption, renderAt, testSession } from '../../../test/render';
import { fullUser, gridData } from '../testing';
import { UserDetails } from './UserDetails';

const doc = (id: number, extra: Record<string, unknown> = {}) => ({
  id, user_id: 7, document_type_id: 1, type: 'covid_vaccine', vaccine_name: 'Comirnaty', protocol: 'EU DCC', batch_number: 'FK1234', date_taken: '2026-01-10', start_date: null, expiry_date: '2027-01-10',
  pcr_result: null, pcr_date: null, first_name: 'Kofi', last_name: 'Test', date_of_birth: null, notes: null, file: null, accept_negative_pcr: 0, vaccine_status: 'vaccinated', status: 'enabled', updated_at: '2026-01-10T00:00:00Z', ...extra,
});
const types = { data: [{ id: 1, key: 'covid_vaccine', name: 'Vaccination certificate' }, { id: 2, key: 'test', name: 'PCR test result' }], count: 2 };

describe('a person’s details', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('rule 185: shows the last visit, labels, resources, custom-field values, duplicates and documents', async () => {
    answerByRoute(vi, { 'GET /api/data_users_grid/1': { data: gridData } });
    const u = fullUser({
      last_visit: { id: 3, status: 'signed_in', area_id: 4, area: 'Science Block', signed_in_at: '2026-03-02T08:40:00Z', signed_out_at: null, expected_at: null },
      duplicates: [12, 13],
      documents: [doc(31)],
    });
    renderAt(<UserDetails user={u as never} onEdit={() => {}} onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Kofi Test' })).toBeInTheDocument();
    const visit = screen.getByTestId('last-visit');
    expect(within(visit).getByText('Science Block')).toBeInTheDocument();
    expect(within(visit).getByText('Signed in', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByText('Year 7')).toBeInTheDocument();
    expect(screen.getByText('B-12')).toBeInTheDocument();
    expect(screen.getByText('Halal')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('2 people with the same e-mail, phone, ID or name')).toBeInTheDocument();
    const docs = screen.getByTestId('documents');
    expect(within(docs).getByText('Comirnaty · FK1234')).toBeInTheDocument();
    expect(within(docs).getByText('Vaccinated')).toBeInTheDocument();
  });

  it('rules 182, 187: switches a record off and deletes one (DELETED), with "Document Vaccine Status Updated"', async () => {
    const api = answerByRoute(vi, { 'GET /api/data_users_grid/1': { data: gridData }, 'PUT /api/user_document/*': { message: 'Document Vaccine Status Updated', data: doc(31, { status: 'disabled' }) } });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UserDetails user={fullUser({ documents: [doc(31)] }) as never} onEdit={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Vaccination in use' }));
    await waitFor(() => expect(callsOf(api).find((c) => c.method === 'PUT')).toMatchObject({ href: '/api/user_document/31', body: { status: 'toggle' } }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Document Vaccine Status Updated' })));
    fireEvent.click(within(screen.getByTestId('documents')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(api).filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ status: 'DELETED' }));
  });

  it('rules 183-184, 187: adds a PCR record with its result, the organisation’s document type and the attached file ("Document Created")', async () => {
    const api = answerByRoute(vi, {
      'GET /api/data_users_grid/1': { data: gridData },
      'GET /api/get_type_for_user_document/1': types,
      'POST /api/user_document': [201, { message: 'Document Created', data: doc(32, { type: 'test' }) }],
    });
    const toast = vi.spyOn(notifications, 'show');
    renderAt(<UserDetails user={fullUser() as never} onEdit={() => {}} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add record' }));
    const modal = await screen.findByRole('dialog');
    await user.click(within(modal).getByText('PCR test'));
    await waitFor(() => expect(within(modal).getByRole('combobox', { name: 'Document type' })).toHaveValue('PCR test result'));
    await pickOption(user, within(modal).getByRole('combobox', { name: 'PCR result' }), 'Negative');
    await user.click(within(modal).getByRole('switch', { name: 'A negative PCR is accepted' }));
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Protocol' }), { target: { value: 'NHS' } });
    const file = modal.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(file, new File(['%PDF-1.7'], 'result.pdf', { type: 'application/pdf' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(api).filter((c) => c.method === 'POST')).toHaveLength(1));
    const form = callsOf(api).find((c) => c.method === 'POST')!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      user_id: '7', type: 'test', accept_negative_pcr: '1', first_name: 'Kofi', last_name: 'Test', pcr_result: 'negative', protocol: 'NHS', document_type_id: '2',
    });
    expect((form.get('file') as File).name).toBe('result.pdf');
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Document Created' })));
  });
});
