import type { Compliance } from '@gatehouse/contract';
import { ActionIcon, Badge, Button, Group, Menu, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck, IconDots, IconListCheck, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useDeleteCompliance } from '../api/compliance';
import { AnswersGrid } from '../components/AnswersGrid';
import { TrustKeysCard } from '../components/TrustKeysCard';

const TABS = ['conditions', 'answers', 'trust'] as const;
type Tab = (typeof TABS)[number];

/** /compliances: the entry conditions (rules 205-209, 215), the answers people gave (210-214) and the certificate trust list. */
export default function CompliancesPage() {
  const { t } = useTranslation('compliance');
  const entityId = useSession()?.entity?.id ?? 0;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'conditions';
  const remove = useDeleteCompliance();
  const all = useQuery({
    queryKey: ['compliance', 'all', entityId],
    queryFn: () => http.get<{ data: Compliance[] }>(`/api/compliances/${entityId}`, { query: { limit: 500 } }).then((r) => r.data),
    enabled: !!entityId && tab === 'answers',
  });

  const confirmDelete = (c: Compliance) =>
    modals.openConfirmModal({
      title: t('delete_title'),
      children: <Text size="sm">{t('delete_confirm', { name: c.name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(c.id, { onSuccess: (r) => notifications.show({ color: 'green', message: r.message }) }),
    });

  return (
    <PageLayout
      title={t('title')}
      actions={
        <Button component={Link} to="/compliance-new" leftSection={<IconPlus size={16} />}>
          {t('add')}
        </Button>
      }
    >
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'conditions' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="conditions" leftSection={<IconClipboardCheck size={16} />}>
            {t('tab_conditions')}
          </Tabs.Tab>
          <Tabs.Tab value="answers" leftSection={<IconListCheck size={16} />}>
            {t('tab_answers')}
          </Tabs.Tab>
          <Tabs.Tab value="trust" leftSection={<IconShieldCheck size={16} />}>
            {t('tab_trust')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="conditions" pt="md">
          <DataGrid<Compliance>
            pageUrl="/compliances"
            queryKey={['compliance', 'list']}
            rowId={(c) => c.id}
            onRowClick={(c) => navigate(`/compliance/update/${c.id}`)}
            fetchPage={(q, signal) => http.get(`/api/compliances/${entityId}`, { query: { ...q }, signal })}
            columns={[
              { id: 'name', header: t('name'), sortField: 'name', fixed: true },
              { id: 'questions', header: t('questions'), cell: (c) => c.questions.length },
              {
                id: 'protocols',
                header: t('protocols'),
                cell: (c) => (
                  <Group gap={4}>
                    {c.protocols.map((p) => (
                      <Badge key={p} size="xs" variant="light">
                        {t(`protocol_${p}`)}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
              { id: 'accept_negative_pcr', header: t('accept_negative_pcr'), cell: (c) => (c.accept_negative_pcr ? t('yes') : t('no')), defaultHidden: true },
              { id: 'pcr_valid_days', header: t('pcr_valid_days'), cell: (c) => c.pcr_valid_days },
              { id: 'version', header: t('version'), sortField: 'version', cell: (c) => t('version_n', { n: c.version }) },
              { id: 'created_at', header: t('created_at'), sortField: 'created_at', cell: (c) => c.created_at.slice(0, 10), defaultHidden: true },
              {
                id: 'actions',
                header: t('actions'),
                fixed: true,
                width: 60,
                cell: (c) => (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('row_actions', { name: c.name })} onClick={(e) => e.stopPropagation()}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
                      <Menu.Item component={Link} to={`/compliance/update/${c.id}`}>
                        {t('edit')}
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item color="red" onClick={() => confirmDelete(c)}>
                        {t('delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                ),
              },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="answers" pt="md">
          <AnswersGrid compliances={all.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="trust" pt="md">
          <TrustKeysCard />
        </Tabs.Panel>
      </Tabs>
    </PageLayout>
  );
}
