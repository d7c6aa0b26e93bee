import { zJourneyBody } from '@gatehouse/contract';
import { Alert, Button, Card, Center, Group, Loader, MultiSelect, NumberInput, SegmentedControl, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useZodForm } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { type JourneyWithFlows, useDelete, useJourney, useSaveJourney, useSites, validateJourneySites } from '../api/journeys';
import { Toggles } from '../components/Toggles';

const OUTPUTS = ['print_badge', 'door_relay', 'wiegand_output', 'facial_recognition', 'rfid_scan'] as const;
const CHECKS = ['temperature_check', 'mask_check', 'touch_mode'] as const;

/** /add-journey and /update/journey/:id: the journey's settings, outputs and checks (rules 195-196, 201-202), and its flows. */
export default function JourneyFormPage() {
  const { id } = useParams();
  const journeyId = id ? Number(id) : null;
  const journey = useJourney(journeyId);
  const { t } = useTranslation('journeys');
  if (journeyId && !journey.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <PageLayout title={journeyId ? t('edit_title') : t('add_title')}>
      <JourneyForm key={journey.data?.id ?? 'new'} journey={journey.data ?? null} />
      {journey.data ? <FlowsCard journey={journey.data} /> : null}
    </PageLayout>
  );
}

function JourneyForm({ journey }: { journey: JourneyWithFlows | null }) {
  const { t } = useTranslation('journeys');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id ?? 0;
  const sites = useSites(entityId);
  const save = useSaveJourney(journey?.id ?? null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const form = useZodForm(zJourneyBody, {
    name: journey?.name ?? '',
    description: journey?.description ?? '',
    site_ids: journey?.site_ids ?? [],
    instruction_screen: journey?.instruction_screen ?? '',
    covid_column_name: journey?.covid_column_name ?? '',
    name_matching: journey?.name_matching ?? 'quick',
    temperature_threshold: journey?.temperature_threshold ?? null,
    ...Object.fromEntries([...OUTPUTS, ...CHECKS].map((k) => [k, journey ? journey[k] === 1 : false])),
  });
  const rawSiteIds = form.values.site_ids as number[] | undefined;
  const siteIds = useMemo(() => rawSiteIds ?? [], [rawSiteIds]);
  const siteOptions = [...(sites.data ?? []), ...(journey?.sites ?? [])].filter((s, i, all) => all.findIndex((x) => x.id === s.id) === i);

  // Rule 202: say before saving that a site cannot be removed.
  useEffect(() => {
    if (!journey) return;
    const removed = journey.site_ids.some((s) => !siteIds.includes(s));
    if (!removed) return setBlocked(null);
    let live = true;
    validateJourneySites(journey.id, siteIds)
      .then((r) => live && setBlocked(r.data.can_update ? null : r.message))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [journey, siteIds]);

  const submit = () => {
    const body = form.validate();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        if (!journey) navigate(`/update/journey/${r.data.id}`);
      },
      onError: (e) => form.applyServerError(e),
    });
  };

  return (
    <Card withBorder>
      <Stack>
        <TextInput label={t('name')} required {...form.input('name')} />
        <Textarea label={t('description')} autosize minRows={2} {...form.input('description')} />
        <MultiSelect
          label={t('sites')}
          description={t('sites_help')}
          data={siteOptions.map((s) => ({ value: String(s.id), label: s.name }))}
          value={siteIds.map(String)}
          onChange={(v) => form.setField('site_ids', v.map(Number))}
          error={form.errors.site_ids}
          searchable
        />
        {blocked ? <Alert color="red">{blocked}</Alert> : null}
        <Textarea label={t('instruction_screen')} autosize minRows={2} {...form.input('instruction_screen')} />
        <Group grow align="flex-start">
          <TextInput label={t('covid_column_name')} {...form.input('covid_column_name')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('name_matching')}
            </Text>
            <SegmentedControl
              value={String(form.values.name_matching ?? 'quick')}
              onChange={(v) => form.setField('name_matching', v as 'quick' | 'private')}
              data={[
                { value: 'quick', label: t('name_matching_quick') },
                { value: 'private', label: t('name_matching_private') },
              ]}
            />
          </Stack>
        </Group>
        <Title order={5}>{t('outputs')}</Title>
        <Toggles keys={OUTPUTS} values={form.values as Record<string, unknown>} onChange={(k, on) => form.setField(k, on)} />
        <Title order={5}>{t('checks')}</Title>
        <Toggles keys={CHECKS} values={form.values as Record<string, unknown>} onChange={(k, on) => form.setField(k, on)} />
        {form.values.temperature_check ? (
          <NumberInput
            label={t('temperature_threshold')}
            min={30}
            max={45}
            step={0.1}
            decimalScale={1}
            value={(form.values.temperature_threshold as number | null) ?? ''}
            onChange={(v) => form.setField('temperature_threshold', v === '' ? null : Number(v))}
            error={form.errors.temperature_threshold}
            maw={240}
          />
        ) : null}
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/journeys">
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!!blocked}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function FlowsCard({ journey }: { journey: JourneyWithFlows }) {
  const { t } = useTranslation('journeys');
  const navigate = useNavigate();
  const del = useDelete();
  const remove = (url: string, then?: () => void) =>
    del.mutate(url, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        then?.();
      },
      onError: (e) => notifications.show({ color: 'red', message: e.message }),
    });
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('flows')}</Title>
          <Group gap="xs">
            <Button variant="default" color="red" onClick={() => window.confirm(t('delete_journey_confirm')) && remove(`/api/journey/${journey.id}`, () => navigate('/journeys'))}>
              {t('delete_journey')}
            </Button>
            <Button component={Link} to={`/add/journey/flow/${journey.id}`}>
              {t('add_flow')}
            </Button>
          </Group>
        </Group>
        {journey.flows.length === 0 ? (
          <Text c="dimmed">{t('no_flows')}</Text>
        ) : (
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="start">{t('flow_name')}</Table.Th>
                <Table.Th ta="start">{t('user_type')}</Table.Th>
                <Table.Th ta="start">{t('input_method')}</Table.Th>
                <Table.Th ta="start">{t('compliance')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {journey.flows.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Link to={`/update/journey/flow/${f.id}`}>{f.name}</Link>
                  </Table.Td>
                  <Table.Td>{f.user_type_name}</Table.Td>
                  <Table.Td>{t(`input_${f.input_method}`)}</Table.Td>
                  <Table.Td>{f.compliance_name ? `${f.compliance_name} (${t(`frequency_${f.compliance_frequency.replace(/[\s-]/g, '_')}`)})` : '—'}</Table.Td>
                  <Table.Td ta="end">
                    <Button size="xs" variant="subtle" color="red" onClick={() => window.confirm(t('delete_flow_confirm')) && remove(`/api/journey_flow/${f.id}`)}>
                      {t('delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
