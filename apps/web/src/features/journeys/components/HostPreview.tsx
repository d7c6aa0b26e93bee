import { Alert, Card, Group, Loader, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostOptions } from '../api/hosts';

/**
 * Who a visitor of this flow can choose as host, and the note they read (rule 203), from the saved flow: the
 * people of the host user types (or the console's members when none are chosen), searched by name or e-mail.
 */
export function HostPreview({ journeyId, userTypeId, dirty }: { journeyId: number; userTypeId: number; dirty: boolean }) {
  const { t } = useTranslation('journeys');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const hosts = useHostOptions(journeyId, userTypeId, debounced);
  return (
    <Card withBorder padding="sm" bg="gray.0" data-testid="host-preview">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={6}>{t('host_preview_title')}</Title>
          {hosts.isFetching ? <Loader size="xs" /> : null}
        </Group>
        {dirty ? (
          <Text size="xs" c="dimmed">
            {t('host_preview_saved')}
          </Text>
        ) : null}
        {hosts.data ? <Alert variant="light" p="xs">{hosts.data.note}</Alert> : null}
        <TextInput leftSection={<IconSearch size={14} />} placeholder={t('host_search')} aria-label={t('host_search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} size="xs" />
        <ScrollArea.Autosize mah={180}>
          <Stack gap={4}>
            {hosts.isError ? (
              <Text size="sm" c="dimmed">
                {t('host_preview_unsaved')}
              </Text>
            ) : hosts.data && hosts.data.hosts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('host_none_found')}
              </Text>
            ) : (
              hosts.data?.hosts.map((h) => (
                <Group key={h.id} gap="xs" wrap="nowrap">
                  <IconUser size={14} aria-hidden />
                  <Text size="sm">{h.full_name}</Text>
                  {h.email ? (
                    <Text size="xs" c="dimmed">
                      {h.email}
                    </Text>
                  ) : null}
                </Group>
              ))
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
}
