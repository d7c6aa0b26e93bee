import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page chunk that fails to load (ChunkLoadError, CSS_CHUNK_LOAD_FAILED: rule 116) offers a reload. */
export const isChunkError = (e: unknown) =>
  /ChunkLoadError|CSS_CHUNK_LOAD_FAILED|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    `${(e as Error)?.name ?? ''} ${(e as Error)?.message ?? ''}`,
  );

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('status');
  const chunk = isChunkError(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={480}>
        <Title order={2}>{chunk ? t('chunk.title') : t('error.title')}</Title>
        <Text ta="center">{chunk ? t('chunk.text') : t('error.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('chunk.reload')}</Button>
      </Stack>
    </Center>
  );
}
