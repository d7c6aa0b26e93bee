import { Button, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { DailyCounts } from '../components/DailyCounts';
import { Logbook } from '../components/Logbook';
import { SetupChecklist } from '../components/SetupChecklist';

/** `/`: the first-run checklist until the organisation is set up, the daily counts as numbers and a chart, and the logbook with its filters; new scans appear live. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <PageLayout
      title={t('title')}
      actions={
        <Button component={Link} to="/multiple-signin" variant="light" leftSection={<IconUsersGroup size={16} aria-hidden />}>
          {t('mass_link')}
        </Button>
      }
    >
      <SetupChecklist />
      <DailyCounts />
      <Title order={3}>{t('logbook')}</Title>
      <Logbook pageUrl="/" />
    </PageLayout>
  );
}
