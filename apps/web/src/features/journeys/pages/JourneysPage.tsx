import type { Journey } from '@gatehouse/contract';
import { ActionIcon, Avatar, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPlus, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useDeleteJourney } from '../api/journeys';
import { PreRegLinksModal } from '../components/PreRegLinksModal';

const OUTPUTS = ['print_badge', 'door_relay', 'wiegand_output', 'facial_recognition', 'rfid_scan'] as const;

/** /journeys: the journeys grid with search, paging, sorting and delete (rules 195-196, 204). */
export default function JourneysPage() {
  const { t } = useTranslation(['journeys', 'prereg-links']);
  const [linksFor, setLinksFor] = useState<Journey | null>(null);
  const entityId = useSession()?.entity?.id ?? 0;
  const navigate = useNavigate();
  const remove = useDeleteJourney();

  const confirmDelete = (j: Journey) =>
    modals.openConfirmModal({
      title: t('delete_journey'),
      children: <Text size="sm">{t('delete_journey_confirm', { name: j.name, count: j.flows_count })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(j.id, {
          onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
          // Rule 202: a journey still used by areas, or with sites the admin lacks, is refused with the reason.
          onError: (e) => e instanceof HttpError && e.status === 400 && notifications.show({ color: 'red', message: e.message, style: { whiteSpace: 'pre-line' } }),
        }),
    });

  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button component={Link} to="/add-flow" variant="default" leftSection={<IconRoute size={16} />}>
            {t('add_flow')}
          </Button>
          <Button component={Link} to="/add-journey" leftSection={<IconPlus size={16} />}>
            {t('add_journey')}
          </Button>
        </>
      }
    >
      <DataGrid<Journey>
        pageUrl="/journeys"
        queryKey={['journeys', 'list']}
        rowId={(j) => j.id}
        onRowClick={(j) => navigate(`/update/journey/${j.id}`)}
        fetchPage={(q, signal) => http.get(`/api/journeys/${entityId}`, { query: { ...q }, signal })}
        columns={[
          {
            id: 'name',
            header: t('name'),
            sortField: 'name',
            fixed: true,
            cell: (j) => (
              <Group gap="xs" wrap="nowrap">
                {j.logo ? <Avatar src={j.logo} alt="" radius="sm" size="sm" /> : null}
                <Text size="sm" fw={500}>
                  {j.name}
                </Text>
              </Group>
            ),
          },
          { id: 'description', header: t('description'), cell: (j) => <Text size="sm" lineClamp={2}>{j.description ?? ''}</Text> },
          {
            id: 'sites',
            header: t('sites'),
            cell: (j) =>
              j.sites.length ? (
                <Group gap={4}>
                  {j.sites.map((s) => (
                    <Badge key={s.id} variant="light">
                      {s.name}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('all_admins')}
                </Text>
              ),
          },
          { id: 'flows', header: t('flows'), cell: (j) => j.flows_count },
          {
            id: 'outputs',
            header: t('outputs'),
            cell: (j) => (
              <Group gap={4}>
                {OUTPUTS.filter((k) => j[k] === 1).map((k) => (
                  <Badge key={k} size="xs" variant="outline">
                    {t(k)}
                  </Badge>
                ))}
              </Group>
            ),
            defaultHidden: true,
          },
          {
            id: 'checks',
            header: t('checks'),
            cell: (j) => [j.temperature_check === 1 ? t('temperature_at', { value: j.temperature_threshold ?? '' }) : null, j.mask_check === 1 ? t('mask_check') : null].filter(Boolean).join(', '),
          },
          { id: 'created_at', header: t('created_at'), sortField: 'created_at', cell: (j) => j.created_at.slice(0, 10), defaultHidden: true },
          {
            id: 'actions',
            header: t('actions'),
            fixed: true,
            width: 60,
            cell: (j) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t('journey_actions', { name: j.name })} onClick={(e) => e.stopPropagation()}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
                  <Menu.Item component={Link} to={`/update/journey/${j.id}`}>
                    {t('edit')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={`/add/journey/flow/${j.id}`}>
                    {t('add_flow')}
                  </Menu.Item>
                  <Menu.Item onClick={() => setLinksFor(j)}>{t('prereg-links:menu')}</Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => confirmDelete(j)}>
                    {t('delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />
      {linksFor ? <PreRegLinksModal journey={linksFor} onClose={() => setLinksFor(null)} /> : null}
    </PageLayout>
  );
}
