import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { ClientCredentialsCard } from '../components/ClientCredentialsCard';
import { DeactivateCard } from '../components/DeactivateCard';
import { InvitationsCard } from '../components/InvitationsCard';
import { OrganisationsCard } from '../components/OrganisationsCard';
import { ProfileCard } from '../components/ProfileCard';
import { TwoStepCard } from '../components/TwoStepCard';

/** /passport: the personal account page (profile, language, two-step, invitations, organisations, API client, deactivation). */
export default function PassportPage() {
  const { t } = useTranslation('passport');
  return (
    <PageLayout title={t('title')}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack>
          <ProfileCard />
          <TwoStepCard />
          <ClientCredentialsCard />
        </Stack>
        <Stack>
          <InvitationsCard />
          <OrganisationsCard />
          <DeactivateCard />
        </Stack>
      </SimpleGrid>
    </PageLayout>
  );
}
