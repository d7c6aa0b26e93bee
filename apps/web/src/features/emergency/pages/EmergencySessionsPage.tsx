import type { EmergencySession } from '@gatehouse/contract';
import { isAllowed } from '@gatehouse/contract';
import { Badge, Button, Group, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { formatDateTime } from '../format';
import { useSession } from '../../../lib/session';
import { getSessionsPage, useEmergencyLive } from '../api/emergency';
import { StartSessionModal } from '../components/StartSessionModal';

/** /emergency-sessions: every session, drills kept apart, live; start one (rules 255-261). */
export default function EmergencySessionsPage() {
  const { t } = useTranslation('emergency');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [drill, setDrill] = useState<'all' | '0' | '1'>('all');
  useEmergencyLive(entityId);
  const canRun = isAllowed(session?.permissions, 'emergency');
  const open = (s: EmergencySession) => navigate(`/emergency-sessions/${encodeURIComponent(s.name)}/${s.id}`);
  return (
    <PageLayout
      title={t('title')}
      actions={
        <Group>
          <Button component="a" href="/emergency-list" target="_blank" variant="default">
            {t('open_list')}
          </Button>
          {canRun ? (
            <Button color="red" onClick={() => setStarting(true)} data-testid="start-session">
              {t('start')}
            </Button>
          ) : null}
        </Group>
      }
    >
      <SegmentedControl
        w="fit-content"
        value={drill}
        onChange={(v) => setDrill(v as typeof drill)}
        data={[
          { value: 'all', label: t('all') },
          { value: '0', label: t('only_real') },
          { value: '1', label: t('only_drills') },
        ]}
      />
      <DataGrid<EmergencySession>
        pageUrl="/emergency-sessions"
        queryKey={['emergency', 'sessions', entityId]}
        fetchPage={(q, signal) => getSessionsPage(entityId, q, signal)}
        filters={{ drill: drill === 'all' ? undefined : Number(drill) }}
        rowId={(s) => s.id}
        onRowClick={open}
        rowLabel={(s) => s.name}
        columns={[
          { id: 'name', header: t('col.name'), fixed: true, cell: (s) => (<Group gap={6}>{s.name}{s.drill ? <Badge size="xs" variant="light">{t('drill_badge')}</Badge> : null}</Group>) },
          { id: 'status', header: t('col.status'), cell: (s) => <Badge color={s.status === 'started' ? 'red' : 'gray'}>{t(`status.${s.status}`)}</Badge> },
          { id: 'started_at', header: t('col.started_at'), cell: (s) => formatDateTime(s.started_at) },
          { id: 'ended_at', header: t('col.ended_at'), cell: (s) => (s.ended_at ? formatDateTime(s.ended_at) : '—') },
          { id: 'how', header: t('col.how'), cell: (s) => `${t(`method.${s.start_method}`)} · ${s.started_by_name}` },
          { id: 'sites', header: t('col.sites'), cell: (s) => s.sites.map((x) => x.name).join(', ') },
          { id: 'counts', header: t('counts.total'), cell: (s) => `${s.counts.total} · ${t('counts.unaccounted')} ${s.counts.unaccounted}` },
        ]}
      />
      {starting ? <StartSessionModal entityId={entityId} opened={starting} onClose={() => setStarting(false)} /> : null}
    </PageLayout>
  );
}
