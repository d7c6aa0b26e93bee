import { Alert, Button, Card, FileInput, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IMPORT_COLUMNS, IMPORT_XLSX_MAX, IMPORT_ZIP_MAX } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { useUploadImport } from '../api/imports';

/** /users/import: an .xlsx (<= 2 MB) and an optional ZIP of photos (<= 50 MB); then the review grid. */
export default function ImportUploadPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadImport();
  const submit = () => {
    if (!file) return;
    // Sizes checked before a long upload, each blamed on its own file.
    const tooLarge = [file.size > IMPORT_XLSX_MAX && tMessage('import.xlsx_too_large'), photos && photos.size > IMPORT_ZIP_MAX && tMessage('import.zip_too_large')].filter(Boolean);
    if (tooLarge.length) return setError(tooLarge.join('\n'));
    setError(null);
    upload.mutate(
      { file, photos },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          navigate(`/users/import/grid?id=${r.data.id}`);
        },
        onError: (e) => setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : String(e)),
      },
    );
  };
  return (
    <PageLayout title={t('import.title')}>
      <Card withBorder padding="lg" maw={640}>
        <Stack>
          {error ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{error}</Alert> : null}
          <Text size="sm">{t('import.columns', { columns: IMPORT_COLUMNS.join(', ') })}</Text>
          <FileInput label={t('import.file')} description={t('import.file_hint')} accept=".xlsx" required value={file} onChange={setFile} clearable />
          <FileInput label={t('import.photos')} description={t('import.photos_hint')} accept=".zip" value={photos} onChange={setPhotos} clearable />
          <Group>
            <Button onClick={submit} disabled={!file} loading={upload.isPending}>{t('import.upload')}</Button>
            <Button variant="default" onClick={() => navigate('/users/import/queue')}>{t('import.queue')}</Button>
          </Group>
        </Stack>
      </Card>
    </PageLayout>
  );
}
