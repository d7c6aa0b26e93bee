import { EMERGENCY_STATUSES, type EmergencyPerson } from '@gatehouse/contract';
import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { countPeople, endCheckQuery, endSession, messageUnaccounted, sendMark, sessionQuery, useEmergencyLive } from '../api/emergency';
import { PersonStatus } from '../components/PersonStatus';
import { formatDateTime } from '../format';

const newKey = () => `mark-${crypto.randomUUID()}`;

/** /emergency-sessions/:sessionName/:sessionId: one session, live, with marks, messages, the end and the report. */
export default function EmergencySessionPage() {
  const { t, i18n } = useTranslation('emergency');
  const id = Number(useParams().sessionId);
  const entityId = useSession()?.entity?.id;
  const qc = useQueryClient();
  const detail = useQuery(sessionQuery(id));
  const canEnd = useQuery({ ...endCheckQuery(id), enabled: detail.data?.data.status === 'started' });
  const [filter, setFilter] = useState<string | null>(null);
  const [messaging, setMessaging] = useState(false);
  useEmergencyLive(entityId);
  const people = useMemo(() => (detail.data?.data.people ?? []).filter((p) => !filter || p.status === filter), [detail.data, filter]);
  if (!detail.data) return null;
  const s = detail.data.data;
  const counts = countPeople(s.people);
  const live = s.status === 'started';
  const canAct = detail.data.permissions.can_act === 1 && live;

  const mark = async (p: EmergencyPerson, status: EmergencyPerson['status'], musterPointId?: number | null) => {
    const res = await sendMark({ session_id: id, user_id: p.user_id, status, muster_point_id: musterPointId ?? null, at: new Date().toISOString(), idempotency_key: newKey() });
    qc.setQueryData(sessionQuery(id).queryKey, (old) => (old ? { ...old, data: { ...old.data, people: old.data.people.map((x) => (x.user_id === p.user_id ? res.data : x)) } } : old));
    notifications.show({ color: 'green', message: res.message });
  };
  const end = () =>
    modals.openConfirmModal({
      title: t('end'),
      children: <Text>{t('end_confirm')}</Text>,
      labels: { confirm: t('end'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const res = await endSession(id);
          notifications.show({ color: 'green', message: res.message });
        } catch (err) {
          if (err instanceof HttpError) notifications.show({ color: 'red', message: err.message });
        }
        void qc.invalidateQueries({ queryKey: ['emergency'] });
      },
    });
  const openPdf = async () => {
    const blob = await http.blob(`/api/emergency_report/${id}/pdf`, { query: { lang: i18n.language } });
    window.open(URL.createObjectURL(blob), '_blank');
  };

  return (
    <PageLayout
      title={
        <Group gap="xs">
          {s.name}
          {s.drill ? <Badge variant="light">{t('drill_badge')}</Badge> : null}
          <Badge color={live ? 'red' : 'gray'}>{live ? t('live') : t('status.ended')}</Badge>
        </Group>
      }
      actions={
        <>
          {canAct ? (
            <Button variant="default" onClick={() => setMessaging(true)}>
              {t('message')}
            </Button>
          ) : null}
          <Button variant="default" onClick={openPdf} data-testid="report-pdf">
            {t('report_pdf')}
          </Button>
          {live && detail.data.permissions.can_act ? (
            <Button color="red" onClick={end} disabled={canEnd.data?.allowed === 0} data-testid="end-session">
              {t('end')}
            </Button>
          ) : null}
        </>
      }
    >
      {live && canEnd.data?.allowed === 0 && canEnd.data.message ? <Alert color="orange">{canEnd.data.message}</Alert> : null}
      <Text size="sm" c="dimmed">
        {t('started')}: {formatDateTime(s.started_at)} · {t(`method.${s.start_method}`)} · {s.started_by_name}
        {s.ended_at ? ` · ${t('ended')}: ${formatDateTime(s.ended_at)} · ${s.ended_by_name ?? ''}` : ''} · {s.sites.map((x) => x.name).join(', ')}
        {' · '}
        {t('col.accounted')}: {s.accounted_after_seconds === null ? t('not_accounted') : t('minutes', { minutes: Math.floor(s.accounted_after_seconds / 60), seconds: s.accounted_after_seconds % 60 })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 6 }}>
        {(['total', 'unaccounted', 'safe', 'needs_help', 'not_on_site', 'left'] as const).map((k) => (
          <Paper key={k} withBorder p="sm" data-testid={`count-${k}`}>
            <Text size="xs" c="dimmed">
              {t(`counts.${k}`)}
            </Text>
            <Text fw={700} size="xl">
              {counts[k]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Select w={220} placeholder={t('all_statuses')} clearable value={filter} onChange={setFilter} data={EMERGENCY_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.person')}</Table.Th>
            <Table.Th>{t('col.type')}</Table.Th>
            <Table.Th>{t('col.place')}</Table.Th>
            <Table.Th>{t('col.host')}</Table.Th>
            <Table.Th>{t('col.status')}</Table.Th>
            <Table.Th>{t('col.by')}</Table.Th>
            {canAct ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.user_id} data-testid={`person-${p.user_id}`}>
              <Table.Td>
                {p.first_name} {p.last_name}
              </Table.Td>
              <Table.Td>{p.user_type ?? '—'}</Table.Td>
              <Table.Td>{[p.site_name, p.area_name].filter(Boolean).join(' / ')}</Table.Td>
              <Table.Td>{p.host_name ?? '—'}</Table.Td>
              <Table.Td>
                <PersonStatus p={p} />
              </Table.Td>
              <Table.Td>{p.status_by_name ? `${p.status_by_name} · ${formatDateTime(p.status_at)}` : '—'}</Table.Td>
              {canAct ? (
                <Table.Td>
                  <Select
                    size="xs"
                    w={170}
                    aria-label={`${t('col.status')}: ${p.first_name} ${p.last_name}`}
                    value={p.status}
                    onChange={(v) => v && void mark(p, v as EmergencyPerson['status'])}
                    data={EMERGENCY_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {messaging ? <MessageModal id={id} onClose={() => setMessaging(false)} /> : null}
    </PageLayout>
  );
}

function MessageModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('emergency');
  const [mail, setMail] = useState(true);
  const [sms, setSms] = useState(true);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const res = await messageUnaccounted(id, { channels: [...(mail ? ['mail' as const] : []), ...(sms ? ['sms' as const] : [])], note: note.trim() || undefined });
      notifications.show({ color: 'green', message: res.message });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('message_title')} centered>
      <Stack>
        <Group>
          <Checkbox label={t('channel_mail')} checked={mail} onChange={(e) => setMail(e.currentTarget.checked)} />
          <Checkbox label={t('channel_sms')} checked={sms} onChange={(e) => setSms(e.currentTarget.checked)} />
        </Group>
        <Textarea label={t('message_note')} maxLength={300} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button onClick={send} loading={busy} disabled={!mail && !sms}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
