import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MassResult } from '../api/users';

/**
 * What a mass action did (rules 96, 100): how many people it applied to and, for each person skipped, who and why.
 * `names` maps the chosen ids to the names shown in the grid.
 */
export function MassResultModal({ result, names, onClose }: { result: MassResult; names: Map<number, string>; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { done, skipped } = result.data;
  return (
    <Modal opened onClose={onClose} title={result.message} size="lg">
      <Stack>
        <Alert color={done.length ? 'green' : 'yellow'} variant="light">{t('mass.done_count', { count: done.length })}</Alert>
        {skipped.length ? (
          <>
            <Text fw={600}>{t('mass.skipped_count', { count: skipped.length })}</Text>
            <Table striped withTableBorder data-testid="skipped">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ textAlign: 'start' }}>{t('full_name')}</Table.Th>
                  <Table.Th style={{ textAlign: 'start' }}>{t('mass.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skipped.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{names.get(s.id) ?? `#${s.id}`}</Table.Td>
                    <Table.Td>{s.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>{t('close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
