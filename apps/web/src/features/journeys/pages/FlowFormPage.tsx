import { Anchor, Card, Center, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { useAllJourneys, useFlow, useJourney } from '../api/journeys';
import { FlowForm } from '../components/FlowForm';

/**
 * /add-flow (choose the journey), /add/journey/flow/:id (journey id) and /update/journey/flow/:id (flow id): a
 * journey's flow (rule 197). After saving the console goes back to /update/journey/{journey_id} (rule 297).
 */
export default function FlowFormPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const { t } = useTranslation('journeys');
  const editing = pathname.startsWith('/update/');
  const flow = useFlow(editing ? Number(id) : null);
  const entityId = useSession()?.entity?.id ?? 0;
  const [chosen, setChosen] = useState<number | null>(id && !editing ? Number(id) : null);
  const journeyId = editing ? (flow.data?.journey_id ?? null) : chosen;
  const journey = useJourney(journeyId);
  const choosing = !editing && !id;
  const journeys = useAllJourneys(choosing ? entityId : 0);

  const loading = (editing && !flow.data) || (!!journeyId && !journey.data);
  const title = editing ? t('edit_flow_title') : t('add_flow_title');
  return (
    <PageLayout title={journey.data ? `${title} · ${journey.data.name}` : title}>
      <Stack>
        {choosing ? (
          <Card withBorder>
            <Select
              label={t('journey')}
              description={t('choose_journey')}
              data={(journeys.data ?? []).map((j) => ({ value: String(j.id), label: j.name }))}
              value={chosen ? String(chosen) : null}
              onChange={(v) => setChosen(v ? Number(v) : null)}
              nothingFoundMessage={t('nothing_found')}
              maw={420}
              searchable
            />
            {journeys.data && journeys.data.length === 0 ? (
              <Text size="sm" c="dimmed" mt="xs">
                {t('no_journeys')}{' '}
                <Anchor component={Link} to="/add-journey">
                  {t('add_journey')}
                </Anchor>
              </Text>
            ) : null}
          </Card>
        ) : null}
        {loading ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : journey.data ? (
          <FlowForm key={`${journey.data.id}-${flow.data?.id ?? 'new'}`} journey={journey.data} flow={flow.data ?? null} />
        ) : null}
      </Stack>
    </PageLayout>
  );
}
