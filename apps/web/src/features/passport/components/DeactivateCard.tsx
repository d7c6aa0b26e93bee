import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearSession, useSession } from '../../../lib/session';
import { activationQuery, deactivatePassport, reactivatePassport } from '../api/passport';

/** Deactivate the passport (it can be reactivated later: rule 62), or reactivate it. */
export function DeactivateCard() {
  const { t } = useTranslation('passport');
  const { t: tc } = useTranslation('common');
  const session = useSession();
  const passportId = session?.user.passport_id ?? '';
  const qc = useQueryClient();
  const status = useQuery({ ...activationQuery(passportId), enabled: !!passportId });
  const done = (r: { message: string }) => {
    notifications.show({ color: 'green', message: r.message });
    void qc.invalidateQueries({ queryKey: ['passport', 'activation'] });
  };
  // Deactivating ends every session, this one included (docs/decisions.md): back to the login page, where signing
  // in again offers reactivation.
  const deactivate = useMutation({
    mutationFn: () => deactivatePassport(passportId),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      clearSession();
    },
  });
  const reactivate = useMutation({ mutationFn: () => reactivatePassport(passportId), onSuccess: done });
  const active = status.data?.is_active !== 0;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('deactivate.confirm_title'),
      children: <Text size="sm">{t('deactivate.confirm_text')}</Text>,
      labels: { confirm: t('deactivate.button'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => deactivate.mutate(),
    });
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('deactivate.title')}</Title>
        <Text size="sm" c="dimmed">
          {active ? t('deactivate.text') : t('deactivate.inactive', { count: status.data?.days_since_deactivation ?? 0 })}
        </Text>
        <Group>
          {active ? (
            <Button color="red" variant="light" onClick={confirm} loading={deactivate.isPending}>{t('deactivate.button')}</Button>
          ) : (
            <Button onClick={() => reactivate.mutate()} loading={reactivate.isPending}>{t('deactivate.reactivate')}</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
