import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError } from '../../../lib/http';
import { type JourneyWithFlows, useDeleteJourney, useJourney } from '../api/journeys';
import { JourneyBuilder } from '../components/JourneyBuilder';
import { JourneyForm } from '../components/JourneyForm';
import { PreRegLinksModal } from '../components/PreRegLinksModal';

/** /add-journey and /update/journey/:id: the journey's settings (rules 195-196, 201-202) and, once saved, its flows as the builder shows them. */
export default function JourneyFormPage() {
  const { id } = useParams();
  const journeyId = id ? Number(id) : null;
  const journey = useJourney(journeyId);
  const { t } = useTranslation('journeys');
  if (journeyId && journey.isError) {
    return <Alert color="red">{t('load_failed')}</Alert>;
  }
  if (journeyId && !journey.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const j = journey.data ?? null;
  return (
    <PageLayout title={j ? t('edit_title_named', { name: j.name }) : t('add_title')} actions={j ? <JourneyActions journey={j} /> : null}>
      <Stack>
        {j ? <JourneyBuilder journey={j} /> : null}
        <JourneyForm key={j?.id ?? 'new'} journey={j} />
      </Stack>
    </PageLayout>
  );
}

/** The saved journey's actions: its pre-registration links, and delete. */
function JourneyActions({ journey }: { journey: JourneyWithFlows }) {
  const { t } = useTranslation(['journeys', 'prereg-links']);
  const navigate = useNavigate();
  const remove = useDeleteJourney();
  const [links, setLinks] = useState(false);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('delete_journey'),
      children: <Text size="sm">{t('delete_journey_confirm', { name: journey.name, count: journey.flows.length })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(journey.id, {
          onSuccess: (r) => {
            notifications.show({ color: 'green', message: r.message });
            navigate('/journeys');
          },
          onError: (e) => e instanceof HttpError && e.status === 400 && notifications.show({ color: 'red', message: e.message }),
        }),
    });
  return (
    <Group>
      <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setLinks(true)}>
        {t('prereg-links:menu')}
      </Button>
      {links ? <PreRegLinksModal journey={journey} onClose={() => setLinks(false)} /> : null}
      <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={confirm} loading={remove.isPending}>
        {t('delete_journey')}
      </Button>
    </Group>
  );
}
