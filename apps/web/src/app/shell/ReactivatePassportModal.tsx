import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activationQuery, reactivatePassport } from '../../features/passport/api/passport';
import { useSession } from '../../lib/session';

/** "Reactivate My Passport Account" (rules 62, 82): days since deactivation, Reactivate with a spinner, Cancel. */
export function ReactivatePassportModal() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const passportId = session?.user.passport_id ?? '';
  const qc = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const status = useQuery({ ...activationQuery(passportId), enabled: !!passportId });
  const reactivate = useMutation({
    mutationFn: () => reactivatePassport(passportId),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void qc.invalidateQueries({ queryKey: ['passport', 'activation'] });
    },
  });
  const open = !dismissed && status.data?.is_active === 0;
  return (
    <Modal opened={open} onClose={() => setDismissed(true)} title={t('modals.reactivate_title')} centered>
      <Text mb="md">{t('modals.reactivate_text', { count: status.data?.days_since_deactivation ?? 0 })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setDismissed(true)}>
          {t('modals.cancel')}
        </Button>
        <Button loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
          {t('modals.reactivate')}
        </Button>
      </Group>
    </Modal>
  );
}
