import { Button, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GridData, Named } from '../api/users';

export const FILTER_KEYS = ['user_type_id', 'site_id', 'label', 'role_id'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, number[]>;

const SOURCES: Record<FilterKey, keyof GridData> = { user_type_id: 'user_types', site_id: 'sites', label: 'labels', role_id: 'roles' };

/** The grid's filters: user type, site, label and role, each several at once (rule 96: only what the actor may see is offered). */
export function UsersFilters({ grid, value, onChange }: { grid: GridData | undefined; value: Filters; onChange: (f: Filters) => void }) {
  const { t } = useTranslation('users');
  const any = FILTER_KEYS.some((k) => value[k].length);
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      {FILTER_KEYS.map((k) => (
        <MultiSelect
          key={k}
          w={200}
          size="sm"
          clearable
          searchable
          aria-label={t(`filters.${k}`)}
          placeholder={value[k].length ? undefined : t(`filters.${k}`)}
          data={((grid?.[SOURCES[k]] ?? []) as Named[]).map((x) => ({ value: String(x.id), label: x.name }))}
          value={value[k].map(String)}
          onChange={(ids) => onChange({ ...value, [k]: ids.map(Number) })}
        />
      ))}
      {any ? <Button size="sm" variant="subtle" onClick={() => onChange({ user_type_id: [], site_id: [], label: [], role_id: [] })}>{t('filters.clear')}</Button> : null}
    </Group>
  );
}
