import { Alert, Badge, Button, Group, Modal, Pagination, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/fields';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, joinErrors } from '../../../lib/http';
import { editTimesheet, type TimesheetRow, useEntityId, useTimesheet } from '../api/reports';
import { ChartTable } from '../components/ChartTable';
import { ExportButtons } from '../components/ExportButtons';
import { lastDays, Period, type PeriodValue } from '../components/Period';

const hm = (iso: string | null) => (iso ? dayjs(iso).format('HH:mm') : '—');
const hours = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
const LIMIT = 25;

/** Edits a closed visit's times (its sign-in and sign-out), where the server allows it. */
function EditVisit({ visit, onClose }: { visit: TimesheetRow['visits'][number]; onClose: () => void }) {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(visit.signed_in_at ? dayjs(visit.signed_in_at).format('YYYY-MM-DD HH:mm:ss') : '');
  const [signedOut, setSignedOut] = useState(visit.signed_out_at ? dayjs(visit.signed_out_at).format('YYYY-MM-DD HH:mm:ss') : '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      const res = await editTimesheet(entityId, { visit_id: visit.id, signed_in_at: dayjs(signedIn).toISOString(), signed_out_at: dayjs(signedOut).toISOString() });
      notifications.show({ message: res.message, color: 'teal' });
      await client.invalidateQueries({ queryKey: ['reporting', 'timesheet'] });
      onClose();
    } catch (e) {
      setError(e instanceof HttpError ? joinErrors(e.body.errors) || e.message : String(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('edit_visit')}>
      <Stack>
        <DateTimeField label={t('signed_in')} value={signedIn || null} onChange={(v) => setSignedIn(v ?? '')} />
        <DateTimeField label={t('signed_out')} value={signedOut || null} onChange={(v) => setSignedOut(v ?? '')} />
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={save}>{t('save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Timesheet: minutes per person per local day against their attendance mode, late and early with reasons. */
export default function TimesheetPage() {
  const { t } = useTranslation('reporting');
  const entityId = useEntityId();
  const [period, setPeriod] = useState<PeriodValue>(lastDays(7));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TimesheetRow['visits'][number] | null>(null);
  const q = useTimesheet(entityId, { ...period, page, limit: LIMIT });
  const rows = q.data?.data ?? [];
  const byDay = new Map<string, { day: string; minutes: number; expected: number }>();
  for (const r of rows) {
    const d = byDay.get(r.date) ?? { day: r.date.split('-').reverse().join('/'), minutes: 0, expected: 0 };
    d.minutes += Math.round(r.minutes / 60);
    d.expected += Math.round(r.expected_minutes / 60);
    byDay.set(r.date, d);
  }
  return (
    <PageLayout title={t('timesheet')} actions={<ExportButtons report="timesheet" params={{ ...period }} />}>
      <Period value={period} onChange={(v) => { setPeriod(v); setPage(1); }} />
      {q.isError ? <Alert color="red">{t('error')}</Alert> : null}
      <ChartTable
        title={t('hours_by_day')}
        labelKey="day"
        labelHeader={t('date')}
        rows={[...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v)}
        series={[
          { name: 'minutes', label: t('hours_present'), color: 'teal.6' },
          { name: 'expected', label: t('hours_expected'), color: 'gray.5' },
        ]}
      />
      <Table striped withTableBorder aria-label={t('timesheet')}>
        <Table.Thead>
          <Table.Tr>
            {['name', 'date', 'site', 'attendance_mode', 'first_in', 'last_out', 'hours', 'status', 'reason', ''].map((h) => (
              <Table.Th key={h}>{h ? t(h) : ''}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.user_id}-${r.date}`}>
              <Table.Td>{r.full_name}</Table.Td>
              <Table.Td>{r.date.split('-').reverse().join('/')}</Table.Td>
              <Table.Td>{r.site?.name ?? '—'}</Table.Td>
              <Table.Td>{r.attendance_mode?.name ?? '—'}</Table.Td>
              <Table.Td>{hm(r.first_in)}</Table.Td>
              <Table.Td>{hm(r.last_out)}</Table.Td>
              <Table.Td>
                {hours(r.minutes)} / {hours(r.expected_minutes)}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {r.late ? <Badge color="orange">{t('late')}</Badge> : null}
                  {r.early ? <Badge color="grape">{t('early')}</Badge> : null}
                </Group>
              </Table.Td>
              <Table.Td>{[r.late_reason?.name, r.early_reason?.name].filter(Boolean).join(', ') || '—'}</Table.Td>
              <Table.Td>
                {r.visits
                  .filter((v) => v.editable)
                  .map((v) => (
                    <Button key={v.id} size="compact-xs" variant="subtle" onClick={() => setEditing(v)}>
                      {t('edit')} {hm(v.signed_in_at)}
                    </Button>
                  ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(q.data?.count ?? 0) > LIMIT ? <Pagination total={Math.ceil((q.data?.count ?? 0) / LIMIT)} value={page} onChange={setPage} /> : null}
      {editing ? <EditVisit visit={editing} onClose={() => setEditing(null)} /> : null}
    </PageLayout>
  );
}
