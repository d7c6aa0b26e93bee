import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/fields';
import { HttpError } from '../../../lib/http';
import { type LinkOptions, useCreateLink } from '../api/prereg-links';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The last moment of the chosen day in the admin's own time: the link works until that day ends. */
export const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

/** A new link of the journey: an area (rule 97: on a site the journey is permitted on), optionally one flow and an end date. */
export function PreRegLinkForm({ entityId, journeyId, options, onCreated }: { entityId: number; journeyId: number; options: LinkOptions; onCreated: () => void }) {
  const { t } = useTranslation('prereg-links');
  const create = useCreateLink(entityId, journeyId);
  const [areaId, setAreaId] = useState<string | null>(options.areas.length === 1 ? String(options.areas[0].id) : null);
  const [flowId, setFlowId] = useState<string | null>(null);
  const [until, setUntil] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const areaData = Object.values(
    options.areas.reduce<Record<number, { group: string; items: { value: string; label: string }[] }>>((acc, a) => {
      (acc[a.site_id] ??= { group: a.site_name, items: [] }).items.push({ value: String(a.id), label: a.name });
      return acc;
    }, {}),
  );

  const submit = () => {
    if (!areaId) {
      setErrors({ area_id: t('area_required') });
      return;
    }
    setErrors({});
    create.mutate(
      { area_id: Number(areaId), journey_flow_id: flowId ? Number(flowId) : null, expires_at: until ? endOfDay(until) : null },
      {
        onSuccess: () => {
          setFlowId(null);
          setUntil(null);
          onCreated();
        },
        onError: (e) => {
          if (!(e instanceof HttpError)) return;
          const f = e.fieldErrors;
          const first = (k: string) => f[k]?.[0];
          setErrors({ area_id: first('area_id'), journey_flow_id: first('journey_flow_id') ?? first('journey_id'), expires_at: first('expires_at'), form: Object.keys(f).length ? undefined : e.message });
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select label={t('area')} placeholder={t('choose_area')} data={areaData} value={areaId} onChange={setAreaId} searchable required error={errors.area_id} nothingFoundMessage={t('no_areas')} />
        <Select
          label={t('flow')}
          placeholder={t('every_flow')}
          description={t('flow_hint')}
          data={options.flows.map((f) => ({ value: String(f.id), label: f.user_type_name }))}
          value={flowId}
          onChange={setFlowId}
          clearable
          error={errors.journey_flow_id}
        />
        <DateField label={t('until')} placeholder={t('no_end')} description={t('until_hint')} value={until} onChange={(v) => setUntil(v ? String(v).slice(0, 10) : null)} clearable disabledDate={(d) => d < today()} error={errors.expires_at} />
      </Group>
      {errors.form ? (
        <Text role="alert" c="red" size="sm">
          {errors.form}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={submit} loading={create.isPending}>
          {t('create')}
        </Button>
      </Group>
    </Stack>
  );
}
