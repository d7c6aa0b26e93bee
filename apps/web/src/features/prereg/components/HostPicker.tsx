import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Host, type HostSettings, searchHosts } from '../api/prereg';

/**
 * The host of the visit (rules 194, 203): a search of the flow's hosts by name (at least two letters, asked
 * 300 ms after the last key), required unless the flow lets the visitor go without one. Names only.
 */
export function HostPicker({ code, userTypeId, settings, value, onChange, error }: { code: string; userTypeId: number; settings: HostSettings; value: Host | null; onChange: (h: Host | null) => void; error?: string | null }) {
  const { t } = useTranslation('prereg');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ queryKey: ['prereg', code, 'hosts', userTypeId, debounced], queryFn: () => searchHosts(code, userTypeId, debounced), enabled: debounced.length >= 2 && debounced !== value?.full_name, retry: false });
  const hosts = [...(value ? [value] : []), ...(found.data ?? []).filter((h) => h.id !== value?.id)];
  return (
    <Select
      label={t('host')}
      description={settings.note ?? t('host_hint')}
      placeholder={t('host_placeholder')}
      required={!settings.allowNotSelectHost}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={hosts.map((h) => ({ value: String(h.id), label: h.full_name }))}
      filter={({ options }) => options}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(hosts.find((h) => String(h.id) === id) ?? null)}
      nothingFoundMessage={debounced.length >= 2 && !found.isFetching ? t('host_none') : t('host_hint')}
      error={error}
      data-testid="host-picker"
    />
  );
}
