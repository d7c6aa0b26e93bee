import { Button, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { LOGBOOK_HIGH_TEMPERATURE_C, TEMPERATURE_FILTERS } from '@gatehouse/contract';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useAreas, useInputMethods, useKiosks, useScanTypes, useSites, useUserTypes, useVisitStatuses, type Named } from '../api/dashboard';
import { activeFilterCount, EMPTY_FILTERS, type LogbookFilters as Filters } from '../logbook-filters';
import { IdsFilter } from './IdsFilter';

const options = (list: { id: number | string; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));
/** Areas and kiosks of the chosen sites only (all when no site is chosen). */
const ofSites = (list: Named[] | undefined, sites: number[]) => (list ?? []).filter((x) => !sites.length || (x.site_id != null && sites.includes(x.site_id)));

/**
 * Every documented filter of the logbook (rule 164): search, dates, visit status, temperature (default
 * 'default', rule 167), sites, areas, kiosks, user types, input methods and scan data types (rule 165).
 */
export function LogbookFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('dashboard');
  const entityId = useSession()?.entity?.id ?? 0;
  const sites = useSites(entityId);
  const areas = useAreas(entityId);
  const kiosks = useKiosks(entityId);
  const userTypes = useUserTypes(entityId);
  const inputs = useInputMethods();
  const scanTypes = useScanTypes();
  const statuses = useVisitStatuses();
  const [search, setSearch] = useState(value.search);
  const pushed = useRef(value.search);
  const pushSearch = useDebouncedCallback((s: string) => {
    pushed.current = s;
    onChange({ ...value, search: s });
  }, 300);
  // A search changed from outside (a link, the back button) replaces what is typed.
  useEffect(() => {
    if (value.search !== pushed.current) {
      pushed.current = value.search;
      setSearch(value.search);
    }
  }, [value.search]);
  const set = <K extends keyof Filters>(key: K, v: Filters[K]) => onChange({ ...value, [key]: v });
  const temperatureLabel = (id: string) => t(`temperature.${id}`, { threshold: LOGBOOK_HIGH_TEMPERATURE_C });
  const active = activeFilterCount(value);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs" data-testid="logbook-filters">
      <TextInput
        label={t('filter.search')}
        placeholder={t('filter.search_hint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          pushSearch(e.currentTarget.value);
        }}
      />
      <DatePickerInput
        type="range"
        clearable
        label={t('filter.dates')}
        placeholder={t('filter.any_date')}
        valueFormat="DD/MM/YYYY"
        firstDayOfWeek={1}
        value={[value.start_date ?? null, value.end_date ?? null]}
        onChange={(v) => {
          const [from, to] = v as [string | null, string | null];
          // A range is applied once both ends are chosen (or when cleared).
          if ((from && to) || (!from && !to)) onChange({ ...value, start_date: from ?? undefined, end_date: to ?? undefined });
        }}
      />
      <Select label={t('filter.status')} placeholder={t('filter.any')} clearable data={options(statuses.data)} value={value.status ?? null} onChange={(v) => set('status', v ?? undefined)} />
      <Select
        label={t('filter.temperature')}
        allowDeselect={false}
        data={TEMPERATURE_FILTERS.map((id) => ({ value: id, label: temperatureLabel(id) }))}
        value={value.temperature}
        onChange={(v) => set('temperature', v ?? EMPTY_FILTERS.temperature)}
      />
      <IdsFilter
        label={t('filter.sites')}
        list={sites.data ?? []}
        value={value.site_id}
        onChange={(chosen) => {
          // Areas and kiosks outside the chosen sites no longer apply.
          const keep = (ids: number[], list: Named[] | undefined) => ids.filter((id) => ofSites(list, chosen).some((x) => x.id === id));
          onChange({ ...value, site_id: chosen, area_id: keep(value.area_id, areas.data), kiosk_id: keep(value.kiosk_id, kiosks.data) });
        }}
      />
      <IdsFilter label={t('filter.areas')} list={ofSites(areas.data, value.site_id)} value={value.area_id} onChange={(ids) => set('area_id', ids)} />
      <IdsFilter label={t('filter.kiosks')} list={ofSites(kiosks.data, value.site_id)} value={value.kiosk_id} onChange={(ids) => set('kiosk_id', ids)} />
      <IdsFilter label={t('filter.user_types')} list={userTypes.data ?? []} value={value.user_type_id} onChange={(ids) => set('user_type_id', ids)} />
      <MultiSelect
        label={t('filter.input_method')}
        placeholder={value.input_method.length ? undefined : t('filter.any')}
        clearable
        data={options(inputs.data)}
        value={value.input_method}
        onChange={(v) => set('input_method', v)}
      />
      <MultiSelect
        label={t('filter.type')}
        placeholder={value.scan_type.length ? undefined : t('filter.any')}
        clearable
        data={options(scanTypes.data)}
        value={value.scan_type}
        onChange={(v) => set('scan_type', v)}
      />
      <Group align="flex-end">
        <Button
          variant="subtle"
          disabled={!active && !value.search}
          onClick={() => onChange(EMPTY_FILTERS)}
        >
          {active ? t('filter.clear_n', { n: active }) : t('filter.clear')}
        </Button>
      </Group>
    </SimpleGrid>
  );
}
