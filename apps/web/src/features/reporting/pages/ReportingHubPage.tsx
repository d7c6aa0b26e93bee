import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { isAllowed } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { HUB_PAGES } from '../hub-pages';

/** `/Reporting` and `/settings` (menu links with no page of their own in the documents, rule 306): the group's pages. */
export function HubPage({ hub }: { hub: 'reporting' | 'settings' }) {
  const { t } = useTranslation('reporting');
  const session = useSession();
  const pages = HUB_PAGES[hub].filter((p) => !p.permission || session?.permissions?.[p.permission] === undefined || isAllowed(session?.permissions, p.permission));
  return (
    <PageLayout title={t(`hub.${hub}`)}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {pages.map((p) => (
          <Card key={p.path} withBorder>
            <Anchor component={Link} to={p.path} fw={600}>
              {t(`hub.page.${p.key}`)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`hub.about.${p.key}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageLayout>
  );
}

export default function ReportingHubPage() {
  return <HubPage hub="reporting" />;
}
