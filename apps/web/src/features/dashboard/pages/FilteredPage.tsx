import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { Logbook } from '../components/Logbook';

/**
 * `/filtered`: the dashboard's logbook opened with filters from its address (user types, input types, areas,
 * scan data types and the rest: routes.json), e.g. from the counts on `/` or a link a colleague sent.
 */
export default function FilteredPage() {
  const { t } = useTranslation('dashboard');
  return (
    <PageLayout
      title={t('filtered_title')}
      actions={
        <Button component={Link} to="/" variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />}>
          {t('back_to_dashboard')}
        </Button>
      }
    >
      <Logbook pageUrl="/filtered" />
    </PageLayout>
  );
}
