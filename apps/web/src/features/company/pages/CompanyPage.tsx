import { Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { useEntity } from '../api/company';
import { ClientTokenCard } from '../components/ClientTokenCard';
import { DetailsCard } from '../components/DetailsCard';
import { LogoCard } from '../components/LogoCard';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { TwoStepRolesCard } from '../components/TwoStepRolesCard';

/** /company: every field of rule 293. */
export default function CompanyPage() {
  const { t } = useTranslation('company');
  const session = useSession();
  const entity = useEntity(session?.entity?.id);
  return (
    <PageLayout title={t('title')}>
      {!entity.data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Stack>
            <DetailsCard key={entity.data.id} entity={entity.data} />
            <LogoCard entity={entity.data} />
            <SubscriptionCard entity={entity.data} />
          </Stack>
          <Stack>
            <ClientTokenCard entity={entity.data} />
            <TwoStepRolesCard entity={entity.data} />
          </Stack>
        </SimpleGrid>
      )}
    </PageLayout>
  );
}
