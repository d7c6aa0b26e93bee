import { Alert, Badge, Button, Card, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Entity } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientToken } from '../api/company';

/** API integration token (rule 293): generate (shown once, with a copy button) and delete. */
export function ClientTokenCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const { generate, remove } = useClientToken(entity.id);
  const [token, setToken] = useState<string | null>(null);
  const doGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (r) => {
        setToken(r.data.token);
        notifications.show({ color: 'green', message: r.message });
      },
    });
  const ask = (title: string, text: string, confirm: string, action: () => void, danger = false) =>
    modals.openConfirmModal({ title, children: <Text size="sm">{text}</Text>, labels: { confirm, cancel: tc('cancel') }, confirmProps: danger ? { color: 'red' } : undefined, onConfirm: action });
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('token.title')}</Title>
          <Badge color={entity.has_client_token ? 'green' : 'gray'}>{entity.has_client_token ? t('token.active') : t('token.none')}</Badge>
        </Group>
        <Text size="sm" c="dimmed">{t('token.text')}</Text>
        {token ? (
          <Alert color="yellow" title={t('token.once')}>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all', userSelect: 'all' }} data-testid="client-token">{token}</Code>
              <CopyButton value={token}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? tc('copied') : tc('copy')}</Button>}</CopyButton>
            </Group>
          </Alert>
        ) : null}
        <Group>
          <Button
            loading={generate.isPending}
            onClick={() => (entity.has_client_token ? ask(t('token.replace_title'), t('token.replace_text'), t('token.generate'), doGenerate) : doGenerate())}
          >
            {t('token.generate')}
          </Button>
          {entity.has_client_token ? (
            <Button
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={() =>
                ask(t('token.delete_title'), t('token.delete_text'), tc('delete'), () =>
                  remove.mutate(undefined, {
                    onSuccess: (r) => {
                      setToken(null);
                      notifications.show({ color: 'green', message: r.message });
                    },
                  }),
                true)
              }
            >
              {tc('delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
