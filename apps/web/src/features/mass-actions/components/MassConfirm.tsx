import { Stack, Table, Text } from '@mantine/core';
import type { MassUser } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { type Answers, conditionStatus, reasonFor, type SharedReason, temperatureText } from '../mass-answers';

const SHOWN = 50;

/**
 * What a mass Sign in or Sign out is about to record, person by person (issue 15 part 5): the checks taken (a
 * reading, the mask, the host, the entry condition) and the late or early reason, with the area and the notes.
 */
export function MassConfirm({ action, people, answers, reason, area, notes }: { action: 'in' | 'out'; people: MassUser[]; answers: Record<number, Answers>; reason: SharedReason | null; area: string; notes: string }) {
  const { t } = useTranslation('mass');
  const checksOf = (u: MassUser, a: Answers) => {
    if (action === 'out') return [];
    const out: string[] = [];
    if (u.checks.temperature_check) out.push(t('check.temperature', { value: temperatureText(a) ?? t('check.none') }));
    if (u.checks.mask_check) out.push(a.mask ? t('check.mask_worn') : t('check.no_mask'));
    if (u.checks.host) out.push(a.host_user_id || u.host ? t('check.host_chosen') : t('check.no_host'));
    if (u.compliances.length) out.push(t('check.condition', { status: t(`status.${conditionStatus(u, a)}`) }));
    return out;
  };
  const reasonOf = (u: MassUser, a: Answers) => {
    const id = reasonFor(u, a, reason);
    return id ? (u.reasons.find((r) => r.id === id)?.name ?? '') : u.reasons.length ? t('check.no_reason') : '';
  };
  return (
    <Stack gap="xs" data-testid="mass-confirm">
      <Text size="sm">{action === 'in' ? t('confirm_in', { count: people.length, area }) : t('confirm_out', { count: people.length })}</Text>
      {reason && reason.action === action ? <Text size="sm">{t('confirm_reason', { reason: reason.name })}</Text> : null}
      {notes.trim() ? <Text size="sm">{t('confirm_notes', { notes: notes.trim() })}</Text> : null}
      <Table withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ textAlign: 'start' }}>{t('person')}</Table.Th>
            <Table.Th style={{ textAlign: 'start' }}>{t('checks')}</Table.Th>
            <Table.Th style={{ textAlign: 'start' }}>{t('reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.slice(0, SHOWN).map((u) => {
            const a = answers[u.id] ?? {};
            const checks = checksOf(u, a);
            return (
              <Table.Tr key={u.id}>
                <Table.Td>{u.full_name}</Table.Td>
                <Table.Td>{checks.length ? checks.join(' · ') : t('check.nothing')}</Table.Td>
                <Table.Td>{reasonOf(u, a)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {people.length > SHOWN ? <Text size="xs" c="dimmed">{t('confirm_more', { count: people.length - SHOWN })}</Text> : null}
      {action === 'in' ? <Text size="xs" c="dimmed">{t('confirm_late_hint')}</Text> : null}
    </Stack>
  );
}
