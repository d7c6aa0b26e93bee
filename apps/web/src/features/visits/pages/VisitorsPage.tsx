import { Badge, Button, Tabs } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { localToday, useAwaitingApprovalCount } from '../api/awaiting-approval';
import { ExpectedVisitsList } from '../components/ExpectedVisitsList';
import { VISITORS_PATHS } from '../paths';

type View = keyof typeof VISITORS_PATHS;
const viewOf = (pathname: string): View => (Object.entries(VISITORS_PATHS).find(([, p]) => p === pathname)?.[0] as View | undefined) ?? 'today';

/**
 * /visitors, /visitors/expected and /visitors/awaiting-approval (issue 15 part 4): the visits of today, those
 * expected from today on and those awaiting approval (with their number), each a tab of one page, with the way
 * to add visits. Every row takes the approval actions of rule 155.
 */
export default function VisitorsPage() {
  const { t } = useTranslation('visits');
  const entityId = useSession()?.entity?.id ?? 0;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = viewOf(pathname);
  const awaiting = useAwaitingApprovalCount(true).data;
  const today = localToday();
  return (
    <PageLayout
      title={t('visitors_title')}
      actions={
        <Button component={Link} to="/add-expected-visitors" leftSection={<IconUserPlus size={16} aria-hidden />}>
          {t('add_visits')}
        </Button>
      }
    >
      <Tabs value={view} onChange={(v) => v && navigate(VISITORS_PATHS[v as View])} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="today">{t('views.today')}</Tabs.Tab>
          <Tabs.Tab value="expected">{t('views.expected')}</Tabs.Tab>
          <Tabs.Tab
            value="awaiting"
            rightSection={
              awaiting ? (
                <Badge size="sm" color="orange" circle aria-label={t('awaiting_count', { count: awaiting })}>
                  {awaiting}
                </Badge>
              ) : null
            }
          >
            {t('views.awaiting')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="today">
          <ExpectedVisitsList key="today" entityId={entityId} pageUrl={VISITORS_PATHS.today} range={{ start: today, end: today }} approval={null} />
        </Tabs.Panel>
        <Tabs.Panel value="expected">
          <ExpectedVisitsList key="expected" entityId={entityId} pageUrl={VISITORS_PATHS.expected} range={{ start: today }} approval={null} />
        </Tabs.Panel>
        <Tabs.Panel value="awaiting">
          <ExpectedVisitsList key="awaiting" entityId={entityId} pageUrl={VISITORS_PATHS.awaiting} range={{ start: today }} approval="pending" />
        </Tabs.Panel>
      </Tabs>
    </PageLayout>
  );
}
