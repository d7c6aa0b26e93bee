import { Badge, Button, Tabs } from '@mantine/core';
import { IconChartBar, IconList, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { AddVisitorsForm } from '../components/AddVisitorsForm';
import { ExpectedVisitsList } from '../components/ExpectedVisitsList';
import { VisitsSummary } from '../components/VisitsSummary';
import { useAwaitingApprovalCount } from '../api/awaiting-approval';
import { VISITORS_PATHS } from '../paths';

const TABS = ['add', 'list', 'summary'] as const;

/**
 * /add-expected-visitors: add several expected visitors at once, the expected visits with their approvals
 * (rule 155), and the summary between two dates. The tab is kept in the address (?tab=list) to share or reload.
 */
export default function AddExpectedVisitorsPage() {
  const { t } = useTranslation('visits');
  const entityId = useSession()?.entity?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const awaiting = useAwaitingApprovalCount(true).data ?? 0;
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as (typeof TABS)[number]) : 'add';
  return (
    <PageLayout
      title={t('title')}
      actions={
        // The visitor lists, and those awaiting approval, one click away (issue 15 part 4).
        <Button component={Link} to={awaiting ? VISITORS_PATHS.awaiting : VISITORS_PATHS.expected} variant="light" rightSection={awaiting ? <Badge color="orange" circle>{awaiting}</Badge> : null} aria-label={awaiting ? `${t('visitors_link')}: ${t('awaiting_count', { count: awaiting })}` : t('visitors_link')}>
          {t('visitors_link')}
        </Button>
      }
    >
      <Tabs value={tab} onChange={(v) => setParams(v && v !== 'add' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="add" leftSection={<IconUserPlus size={16} />}>
            {t('tabs.add')}
          </Tabs.Tab>
          <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
            {t('tabs.list')}
          </Tabs.Tab>
          <Tabs.Tab value="summary" leftSection={<IconChartBar size={16} />}>
            {t('tabs.summary')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add">
          <AddVisitorsForm entityId={entityId} />
        </Tabs.Panel>
        <Tabs.Panel value="list">
          <ExpectedVisitsList entityId={entityId} />
        </Tabs.Panel>
        <Tabs.Panel value="summary">
          <VisitsSummary entityId={entityId} />
        </Tabs.Panel>
      </Tabs>
    </PageLayout>
  );
}
