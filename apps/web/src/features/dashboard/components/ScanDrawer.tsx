import { Badge, Button, Divider, Drawer, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { LogbookRow } from '@gatehouse/contract';
import { IconCircleCheck, IconCircleX, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAllowed } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useInputMethods, useVisitAnswers, useVisitStatuses } from '../api/dashboard';
import { EditVisitModal } from './EditVisitModal';
import { VisitNotesForm } from './VisitNotesForm';
import { celsiusAndFahrenheit, rowKindColor } from './logbook-format';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="40%" fw={500} c="dimmed" style={{ textAlign: 'start' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ textAlign: 'start' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The details of one logbook row: the person, the visit (status rule 153, journey stage rule 152, date, host), the
 * place and the way in, the checks (temperature, mask), lateness with its reason and code, the answers to the
 * visit's entry conditions, and the admin notes (rule 211). An expected visit can be edited here.
 */
export function ScanDrawer({ row, onClose }: { row: LogbookRow | null; onClose: () => void }) {
  // Mantine places 'right' at the inline end (flex-end): the right in English and Spanish, the left in Arabic.
  return (
    <Drawer opened={!!row} onClose={onClose} position="right" size="lg" title={row?.full_name} data-testid="scan-drawer">
      {row ? <ScanDetails key={`${row.type}-${row.id}`} row={row} /> : null}
    </Drawer>
  );
}

function ScanDetails({ row }: { row: LogbookRow }) {
  const { t, i18n } = useTranslation('dashboard');
  const session = useSession();
  const canUsers = pageAllowed(session?.permissions, 'users');
  const canAnswers = canUsers || pageAllowed(session?.permissions, 'compliances');
  const statuses = useVisitStatuses();
  const inputs = useInputMethods();
  const answers = useVisitAnswers(row.user_id, row.visit_id, canAnswers);
  const [notes, setNotes] = useState(row.admin_notes);
  const [editing, setEditing] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
  const none = <Text c="dimmed">—</Text>;
  const status = row.visit_status ? (statuses.data?.find((s) => s.id === row.visit_status)?.name ?? row.visit_status) : null;
  const expected = row.type === 'expected';

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={rowKindColor(row)} variant="light">
          {t(`type.${row.type}`)}
        </Badge>
        {row.late ? <Badge color="orange">{t('late')}</Badge> : null}
        {row.early ? <Badge color="orange">{t('early')}</Badge> : null}
      </Group>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Line label={expected ? t('drawer.expected_at') : t('col.at')}>{when.format(new Date(row.at))}</Line>
          <Line label={t('col.user_type')}>{row.user_type?.name ?? none}</Line>
          {row.email ? <Line label={t('drawer.email')}>{row.email}</Line> : null}
          <Line label={t('col.site')}>{row.site?.name ?? none}</Line>
          <Line label={t('col.area')}>{row.area?.name ?? none}</Line>
          {expected ? null : <Line label={t('col.input_method')}>{inputs.data?.find((i) => i.id === row.input_method)?.name ?? row.input_method}</Line>}
          {expected ? null : <Line label={t('col.kiosk')}>{row.kiosk?.name ?? t('drawer.no_kiosk')}</Line>}
          <Line label={t('col.host')}>{row.host?.name ?? none}</Line>
        </Table.Tbody>
      </Table>

      <Divider label={t('drawer.visit')} labelPosition="left" />
      {row.visit_id ? (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Line label={t('drawer.status')}>{status ?? none}</Line>
            <Line label={t('drawer.stage')}>{row.journey_stage ? t(`stage.${row.journey_stage}`) : none}</Line>
            <Line label={t('drawer.visit_date')}>{row.visit_date ? `${row.visit_date}${row.visit_time ? ` ${row.visit_time.slice(0, 5)}` : ''}` : none}</Line>
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          {t('drawer.no_visit')}
        </Text>
      )}
      {row.visit_id && canUsers ? (
        expected ? (
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)} w="fit-content">
            {t('drawer.edit_visit')}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t('drawer.edit_only_expected')}
          </Text>
        )
      ) : null}

      {expected ? null : (
        <>
          <Divider label={t('drawer.checks')} labelPosition="left" />
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Line label={t('col.temperature')}>{row.temperature == null ? t('drawer.not_taken') : celsiusAndFahrenheit(row.temperature, i18n.language)}</Line>
              <Line label={t('drawer.mask')}>{row.mask == null ? t('drawer.not_checked') : row.mask ? t('drawer.mask_worn') : t('drawer.mask_missing')}</Line>
              <Line label={t('col.attendance')}>{row.late ? t('late') : row.early ? t('early') : t('drawer.on_time')}</Line>
              <Line label={t('drawer.reason')}>{row.reason?.name ?? none}</Line>
              {row.attendance_code ? <Line label={t('drawer.code')}>{`${row.attendance_code.code} · ${row.attendance_code.name}`}</Line> : null}
              <Line label={t('drawer.scan_notes')}>{row.notes ?? none}</Line>
            </Table.Tbody>
          </Table>
        </>
      )}

      {canAnswers && row.visit_id ? (
        <>
          <Divider label={t('drawer.answers')} labelPosition="left" />
          {answers.isLoading ? (
            <Text size="sm" c="dimmed">
              {t('drawer.loading')}
            </Text>
          ) : answers.data?.length ? (
            answers.data.map((a) => (
              <Stack key={a.id} gap={4}>
                <Group gap="xs">
                  <Title order={6}>{a.compliance_name}</Title>
                  <Badge color={a.status === 'success' ? 'teal' : 'red'} variant="light">
                    {t(`drawer.answer_${a.status}`)}
                  </Badge>
                </Group>
                <List spacing={2} size="sm">
                  {a.answers.map((x) => (
                    <List.Item key={x.question_id} icon={x.wrong ? <IconCircleX size={16} color="var(--mantine-color-red-6)" aria-label={t('drawer.wrong')} /> : <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}>
                      {`${x.question} — ${x.answer === 'positive' ? t('drawer.yes') : x.answer === 'negative' ? t('drawer.no') : x.answer}`}
                    </List.Item>
                  ))}
                </List>
                {a.notes ? <Text size="sm">{a.notes}</Text> : null}
              </Stack>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t('drawer.no_answers')}
            </Text>
          )}
        </>
      ) : null}

      {row.visit_id && canUsers ? (
        <>
          <Divider label={t('drawer.admin_notes')} labelPosition="left" />
          {notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="admin-notes">
              {notes}
            </Text>
          ) : null}
          <VisitNotesForm visitId={row.visit_id} notes={notes} onSaved={setNotes} />
        </>
      ) : null}
      {editing ? <EditVisitModal row={row} opened={editing} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
