import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { answerWith, renderAt, testSession } from '../../../test/render';
import ImportQueuePage from './ImportQueuePage';
import ImportUploadPage from './ImportUploadPage';

describe('people import pages', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    setSession(testSession({ permissions: { users: 1 } }) as never);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server refusal of a hostile photo archive, and goes to the review grid after a good upload', async () => {
    answerWith(vi, [400, { message: 'The photos archive contains a path that leaves its folder: ../evil.jpg', errors: { photos: ['The photos archive contains a path that leaves its folder: ../evil.jpg'] } }]);
    const { router } = renderAt(<ImportUploadPage />, '/users/import', '/users/import', [{ path: '/users/import/grid', element: <p>grid</p> }]);
    await screen.findByText(/Spreadsheet/);
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [new File(['PK'], 'people.xlsx')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The photos archive contains a path that leaves its folder: ../evil.jpg')).toBeInTheDocument();
    answerWith(vi, [201, { message: 'Spreadsheet read.', data: { id: 12, file_name: 'people.xlsx', status: 'staged', total: 3, processed: 0, created: 0, updated: 0, refused: 0, error: null, created_at: '2026-01-01T00:00:00Z' } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=12'));
  });

  it('an oversized photos archive is refused before the upload and blamed on the archive (issue 15 part 8)', async () => {
    const fetchMock = answerWith(vi, [201, {}]);
    renderAt(<ImportUploadPage />, '/users/import', '/users/import');
    await screen.findByText(/Spreadsheet/);
    const [sheet, photos] = Array.from(document.querySelectorAll('input[type="file"]')) as HTMLInputElement[];
    fireEvent.change(sheet, { target: { files: [new File(['PK'], 'people.xlsx')] } });
    const zip = new File(['PK'], 'photos.zip');
    Object.defineProperty(zip, 'size', { value: 50 * 1024 * 1024 + 1 });
    fireEvent.change(photos, { target: { files: [zip] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The photos archive must be at most 50 MB.')).toBeInTheDocument();
    expect(screen.queryByText(/spreadsheet must be at most/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the queue shows each import with its progress and counts', async () => {
    answerWith(vi, [200, { data: [{ id: 3, file_name: 'pupils.xlsx', status: 'done', total: 40, processed: 40, created: 35, updated: 3, refused: 2, error: null, created_at: '2026-01-01T00:00:00Z' }], count: 1 }]);
    renderAt(<ImportQueuePage />, '/users/import/queue');
    expect(await screen.findByText('pupils.xlsx')).toBeInTheDocument();
    expect(screen.getByText('35 created, 3 updated, 2 refused')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });
});
