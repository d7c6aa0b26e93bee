import { Badge, Button, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { MassUser } from '@gatehouse/contract';
import { IconClipboardCheck, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/fields';
import { useSession } from '../../../lib/session';
import { searchConsoleHosts } from '../../visits/api/expected-visits';
import { type Answers, conditionStatus, dueCondition, failsCheck, problemsOf } from '../mass-answers';
import { ConditionDialog } from './ConditionDialog';

const STATUS_COLOR: Record<MassUser['compliance_status'], string> = { pending: 'yellow', in_progress: 'blue', completed: 'teal', passed: 'teal', did_not_pass: 'red', not_required: 'gray' };
const COLUMNS = 6;

/** A host for this person (rule 228's hostModel), searched among the people with a console role. */
function HostSelect({ label, value, onChange, required }: { label: string; value: number | null | undefined; onChange: (id: number | null) => void; required: boolean }) {
  const { t } = useTranslation('mass');
  const entityId = useSession()?.entity?.id ?? 0;
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const hosts = useQuery({ queryKey: ['mass-signin', 'hosts', search], queryFn: () => searchConsoleHosts(entityId, search), enabled: search.trim().length >= 1 });
  const data = [...(picked ? [picked] : []), ...(hosts.data ?? []).filter((h) => String(h.id) !== picked?.value).map((h) => ({ value: String(h.id), label: h.full_name }))];
  return (
    <Select
      label={label}
      required={required}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ? String(value) : null}
      onChange={(v, option) => {
        setPicked(v ? option : null);
        onChange(v ? Number(v) : null);
      }}
      nothingFoundMessage={search ? t('no_host') : undefined}
      placeholder={t('host_hint')}
    />
  );
}

/**
 * One person of the mass sign-in list: state and what applying does (rule 220), compliance status (rules
 * 222-223), and, once chosen, what their sign-in asks: temperature in C or F (rule 227), mask, host, and the
 * late sign-in or early sign-out reason (rules 221, 254), and a due entry condition answered in a dialog (rules
 * 210-211, 223; answering chooses the person). Outside the caller's access: the explanation (rule 226).
 */
export function MassUserRow({ user, chosen, onChoose, answers, onAnswers, canSearchHosts }: { user: MassUser; chosen: boolean; onChoose: (on: boolean) => void; answers: Answers | undefined; onAnswers: (a: Answers) => void; canSearchHosts: boolean }) {
  const { t } = useTranslation('mass');
  const a = answers ?? {};
  const set = (patch: Answers) => onAnswers({ ...a, ...patch });
  const signingIn = user.next_action === 'in';
  const problems = chosen ? problemsOf(user, a) : [];
  const failing = chosen && failsCheck(user, a);
  const asks = signingIn && (user.checks.temperature_check || user.checks.mask_check || (user.checks.host && canSearchHosts));
  const reasonLabel = signingIn ? t('late_reason') : t('early_reason');
  const due = user.can_act ? dueCondition(user) : null;
  const status = conditionStatus(user, a);
  const [answering, setAnswering] = useState(false);
  const itemStatus = (c: MassUser['compliances'][number]) => (c.id === due?.id && status !== user.compliance_status ? 'completed' : (c.status ?? 'none'));
  return (
    <>
      <Table.Tr data-testid={`mass-row-${user.id}`} bg={chosen ? 'var(--mantine-color-blue-light)' : undefined}>
        <Table.Td>
          <Checkbox aria-label={t('choose', { name: user.full_name })} checked={chosen} disabled={!user.can_act} onChange={(e) => onChoose(e.currentTarget.checked)} />
        </Table.Td>
        <Table.Td>
          <Text fw={500}>{user.full_name}</Text>
          <Text size="xs" c="dimmed">
            {user.user_type?.name ?? t('no_type')}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge color={user.state === 'signed_in' ? 'teal' : 'gray'} variant="light">
            {user.state === 'signed_in' ? (user.area ? t('signed_in_at', { area: user.area.name }) : t('signed_in')) : t('signed_out')}
          </Badge>
        </Table.Td>
        <Table.Td>{signingIn ? t('will_sign_in') : t('will_sign_out')}</Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Tooltip label={user.compliances.map((c) => `${c.name}: ${t(`item.${itemStatus(c)}`)}`).join('\n') || t('status.not_required')} multiline disabled={!user.compliances.length}>
              <Badge color={STATUS_COLOR[status]} variant="light" data-testid={`mass-status-${user.id}`}>
                {t(`status.${status}`)}
              </Badge>
            </Tooltip>
            {due ? (
              <Button size="compact-xs" variant="light" leftSection={<IconClipboardCheck size={14} aria-hidden />} onClick={() => setAnswering(true)} aria-label={t('condition.open', { condition: due.name, name: user.full_name })}>
                {a.condition ? t('condition.edit') : t('condition.answer')}
              </Button>
            ) : null}
          </Group>
          {answering ? (
            <ConditionDialog
              user={user}
              value={a.condition}
              opened
              onClose={() => setAnswering(false)}
              onSave={(condition) => {
                onAnswers({ ...a, condition });
                if (condition) onChoose(true);
              }}
            />
          ) : null}
        </Table.Td>
        <Table.Td>
          {user.can_act ? null : (
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconLock size={14} aria-hidden />
              <Text size="xs">{user.blocked_reason}</Text>
            </Group>
          )}
        </Table.Td>
      </Table.Tr>
      {chosen && (asks || user.reasons.length) ? (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS} py="xs">
            <Stack gap={4}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
                {signingIn && user.checks.temperature_check ? (
                  <Group gap={4} align="flex-end" wrap="nowrap">
                    <NumberField
                      label={t('temperature')}
                      decimal
                      maxLength={5}
                      value={a.temperature ?? ''}
                      onChange={(v) => set({ temperature: v })}
                      error={problems.includes('temperature_invalid') ? t('temperature_invalid') : problems.includes('temperature_required') ? t('temperature_required') : undefined}
                      style={{ flex: 1 }}
                    />
                    <SegmentedControl aria-label={t('unit')} data={[{ value: 'c', label: '°C' }, { value: 'f', label: '°F' }]} value={a.unit ?? 'c'} onChange={(v) => set({ unit: v as 'c' | 'f' })} />
                  </Group>
                ) : null}
                {signingIn && user.checks.mask_check ? <Checkbox mt="lg" label={t('mask_worn')} checked={a.mask === true} onChange={(e) => set({ mask: e.currentTarget.checked })} /> : null}
                {signingIn && user.checks.host && canSearchHosts ? (
                  <HostSelect label={t('host')} required={!user.checks.allow_not_select_host} value={a.host_user_id} onChange={(id) => set({ host_user_id: id })} />
                ) : null}
                {user.reasons.length ? (
                  <Select
                    label={reasonLabel}
                    description={signingIn ? t('late_reason_hint') : t('early_reason_hint')}
                    clearable
                    data={user.reasons.map((r) => ({ value: String(r.id), label: r.presented[0] ?? r.name }))}
                    value={a.reason_id ? String(a.reason_id) : null}
                    onChange={(v) => set({ reason_id: v ? Number(v) : null })}
                  />
                ) : null}
              </SimpleGrid>
              {problems.includes('host_required') ? (
                <Text size="xs" c="red">
                  {t('host_required')}
                </Text>
              ) : null}
              {failing ? (
                <Text size="xs" c="orange">
                  {t('check_fails', { threshold: user.checks.temperature_threshold })}
                </Text>
              ) : null}
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
