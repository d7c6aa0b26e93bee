import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { AddVisitorsForm } from './AddVisitorsForm';

/**
 * "Add visits" from the top bar, over the page the user is on. Rule 157: once added, the dashboard's logbook and
 * counts reload (their queries, wherever they are shown) and the success modal opens with the texts of rule
 * 168. Rule 158: a failure that is not about a field shows its message and closes the form; field messages stay
 * on their fields so that they can be corrected.
 */
export default function AddVisitsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('visits');
  const qc = useQueryClient();
  const [added, setAdded] = useState<string | null>(null);
  const entityId = useSession()?.entity?.id ?? 0;
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('title')} size="xl">
        <AddVisitorsForm
          entityId={entityId}
          onAdded={(message) => {
            void qc.invalidateQueries({ queryKey: ['dashboard'] });
            onClose();
            setAdded(message);
          }}
          onFailed={(message) => {
            // The form's calls are quiet (it shows field messages itself), so a failure that is not about a field is shown here.
            notifications.show({ color: 'red', message, style: { whiteSpace: 'pre-line' } });
            onClose();
          }}
        />
      </Modal>
      <Modal opened={added !== null} onClose={() => setAdded(null)} title={t('added')} centered data-testid="visit-added">
        <Stack align="center" gap="sm">
          <ThemeIcon color="teal" size={48} radius="xl" variant="light">
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
          <Text ta="center">{added}</Text>
          <Group justify="center">
            <Button onClick={() => setAdded(null)}>{t('ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
