import { Alert, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { LOGO_MAX_BYTES, type Entity } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOGO } from '../../../lib/names';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { useRemoveLogo, useUploadLogo } from '../api/company';

/** Logo upload (rule 294: PNG or JPEG, at least 200 x 45 px, at most 2 MB; the server decodes and checks it). */
export function LogoCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('company');
  const upload = useUploadLogo(entity.id);
  const remove = useRemoveLogo(entity.id);
  const [error, setError] = useState<string | null>(null);
  const onDrop = (files: File[]) => {
    setError(null);
    if (files[0]) upload.mutate(files[0], { onError: (e) => setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : String(e)) });
  };
  const onReject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setError(tMessage(code === 'file-too-large' ? 'entity.logo_too_large' : 'entity.logo_invalid'));
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('logo.title')}</Title>
        <Group align="center">
          <Image src={entity.logo || DEFAULT_LOGO} alt={t('logo.current')} h={60} w="auto" maw={260} fit="contain" data-testid="company-logo" />
          {entity.logo ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('logo.remove')}
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Alert color="red" role="alert" data-testid="logo-error" style={{ whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        ) : null}
        <Dropzone onDrop={onDrop} onReject={onReject} maxSize={LOGO_MAX_BYTES} accept={['image/png', 'image/jpeg']} multiple={false} loading={upload.isPending} name="logo" inputProps={{ 'aria-label': t('logo.title') }} data-testid="logo-dropzone">
          <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
            <Text fw={500}>{t('logo.drop')}</Text>
            <Text size="sm" c="dimmed">{t('logo.rules')}</Text>
          </Stack>
        </Dropzone>
      </Stack>
    </Card>
  );
}
