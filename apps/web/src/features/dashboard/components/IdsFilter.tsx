import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One logbook filter on a list of ids (sites, areas, kiosks, user types): searchable, "Any" while none is chosen. */
export function IdsFilter({ label, list, value, onChange }: { label: string; list: { id: number; name: string }[]; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : t('filter.any')}
      searchable
      clearable
      data={list.map((x) => ({ value: String(x.id), label: x.name }))}
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number))}
    />
  );
}
