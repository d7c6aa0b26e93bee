import { Button, Group, Table, Text } from '@mantine/core';
import type { Reason } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';

/** A mode's reasons (rule 248): name, what the person sees, type, hours, duration and attendance code. */
export function ReasonsTable({ reasons, editing, canManage, onEdit, onDelete }: { reasons: Reason[]; editing: number | null; canManage: boolean; onEdit: (r: Reason) => void; onDelete: (r: Reason) => void }) {
  const { t } = useTranslation('attendance');
  const { t: tc } = useTranslation('common');
  if (!reasons.length)
    return (
      <Text c="dimmed" size="sm">
        {t('no_reasons')}
      </Text>
    );
  const sorted = [...reasons].sort((a, b) => a.type.localeCompare(b.type) || a.from.localeCompare(b.from));
  return (
    <Table striped withTableBorder maw={980} data-testid="reasons-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={{ textAlign: 'start' }}>{t('reason_name')}</Table.Th>
          <Table.Th style={{ textAlign: 'start' }}>{t('reason_type')}</Table.Th>
          <Table.Th style={{ textAlign: 'start' }}>{t('hours')}</Table.Th>
          <Table.Th style={{ textAlign: 'start' }}>{t('duration')}</Table.Th>
          <Table.Th style={{ textAlign: 'start' }}>{t('attendance_code')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((r) => (
          <Table.Tr key={r.id} bg={r.id === editing ? 'var(--mantine-color-blue-light)' : undefined}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {r.name}
              </Text>
              {r.presented_reason && r.presented_reason !== r.name ? (
                <Text size="xs" c="dimmed">
                  {r.presented_reason}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{t(r.type)}</Table.Td>
            <Table.Td>{`${r.from.slice(0, 5)} – ${r.to.slice(0, 5)}`}</Table.Td>
            <Table.Td>{`${r.duration} ${t('minutes')}`}</Table.Td>
            <Table.Td>{r.attendance_code ? `${r.attendance_code.code} · ${r.attendance_code.name}` : '—'}</Table.Td>
            <Table.Td>
              {canManage ? (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => onEdit(r)} aria-label={t('edit_named', { name: r.name })}>
                    {t('edit')}
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(r)} aria-label={t('delete_named', { name: r.name })}>
                    {tc('delete')}
                  </Button>
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
