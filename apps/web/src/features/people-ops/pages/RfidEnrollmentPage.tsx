import type { Kiosk } from '@gatehouse/contract';
import { Badge, Button, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, http, joinErrors } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import type { UserRow } from '../../users/api/users';
import { rfidStates, useSendRfidInstructions } from '../api/people-ops';

type Row = UserRow & { has_rfid: boolean };

/**
 * /rfid-enrollment (rule 172): the people with their RFID enrolment state (from get_users_have_rfid_enrollment),
 * and per person the instructions by mail with the link to the public /rfid/:code page, optionally naming the
 * kiosk where the card is presented.
 */
export default function RfidEnrollmentPage() {
  const { t } = useTranslation('people-ops');
  const entityId = useSession()?.entity?.id ?? 0;
  const [kiosk, setKiosk] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState('all');
  const kiosks = useQuery({
    queryKey: ['kiosks', entityId],
    enabled: entityId > 0,
    queryFn: () => http.get<{ data: Kiosk[] }>(`/api/kiosk/${entityId}`, { query: { limit: 100 } }).then((r) => r.data),
  });
  const send = useSendRfidInstructions();
  const [sentTo, setSentTo] = useState<Set<number>>(new Set());
  const mail = (u: Row) =>
    send.mutate(
      { user_id: u.id, ...(kiosk ? { kiosk_id: Number(kiosk) } : {}) },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          setSentTo((s) => new Set(s).add(u.id));
        },
        onError: (e) => notifications.show({ color: 'red', message: e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : e.message }),
      },
    );
  return (
    <PageLayout
      title={t('rfid_title')}
      actions={<Select aria-label={t('kiosk')} placeholder={t('kiosk')} clearable w={220} data={(kiosks.data ?? []).map((k) => ({ value: String(k.id), label: k.name }))} value={kiosk} onChange={setKiosk} />}
    >
      <Select
        label={t('rfid_state')}
        w={220}
        allowDeselect={false}
        data={[{ value: 'all', label: t('rfid_states.all') }, { value: 'no', label: t('rfid_states.no') }, { value: 'yes', label: t('rfid_states.yes') }]}
        value={enrolled}
        onChange={(v) => setEnrolled(v ?? 'all')}
      />
      <DataGrid<Row>
        pageUrl="/rfid-enrollment"
        queryKey={['users', 'rfid', entityId]}
        rowId={(u) => u.id}
        filters={{ status: 'active', has_rfid: enrolled === 'all' ? undefined : enrolled === 'yes' ? 1 : 0 }}
        fetchPage={async (q, signal) => {
          const page = await http.get<{ data: UserRow[]; count: number }>(`/api/users/${entityId}`, { query: { ...q }, signal });
          const states = await rfidStates(page.data.map((u) => u.id), signal);
          return { data: page.data.map((u) => ({ ...u, has_rfid: states.get(u.id) ?? false })), count: page.count };
        }}
        columns={[
          { id: 'full_name', header: t('person'), sortField: 'full_name', fixed: true, cell: (u) => u.full_name },
          { id: 'email', header: t('email'), sortField: 'email', cell: (u) => u.email ?? '' },
          { id: 'user_type', header: t('user_types'), cell: (u) => u.user_type ?? '' },
          {
            id: 'has_rfid',
            header: t('rfid_state'),
            cell: (u) => (u.has_rfid ? <Badge color="green" variant="light">{t('rfid_states.yes')}</Badge> : <Badge color="gray" variant="light">{t('rfid_states.no')}</Badge>),
          },
          {
            id: 'actions',
            header: t('actions'),
            fixed: true,
            cell: (u) => (
              <Button size="xs" variant={sentTo.has(u.id) ? 'light' : 'filled'} disabled={!u.email} loading={send.isPending && send.variables?.user_id === u.id} onClick={() => mail(u)} aria-label={t('send_rfid_to', { name: u.full_name })}>
                {sentTo.has(u.id) ? t('resend_rfid') : t('send_rfid')}
              </Button>
            ),
          },
        ]}
      />
    </PageLayout>
  );
}
