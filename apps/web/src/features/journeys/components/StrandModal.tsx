import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Stranded {
  message: string;
  count: number;
  users: { id: number; full_name: string }[];
}

const SHOWN = 10;

/** Rule 154: saving this flow change would strand people signed in on it; the admin may close their visits and save. */
export function StrandModal({ stranded, onCancel, onConfirm, saving }: { stranded: Stranded | null; onCancel: () => void; onConfirm: () => void; saving: boolean }) {
  const { t } = useTranslation('journeys');
  return (
    <Modal opened={!!stranded} onClose={onCancel} title={t('strand_title')} centered>
      {stranded ? (
        <Stack>
          <Alert color="orange">{stranded.message}</Alert>
          {stranded.users.length ? (
            <List size="sm" data-testid="stranded-people">
              {stranded.users.slice(0, SHOWN).map((u) => (
                <List.Item key={u.id}>{u.full_name}</List.Item>
              ))}
            </List>
          ) : null}
          {stranded.users.length > SHOWN ? (
            <Text size="sm" c="dimmed">
              {t('strand_more', { count: stranded.users.length - SHOWN })}
            </Text>
          ) : null}
          <Text size="sm">{t('strand_explain')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button color="orange" onClick={onConfirm} loading={saving}>
              {t('strand_confirm', { count: stranded.count })}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
