import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFlowHostSettings, searchConsoleHosts, searchFlowHosts } from '../api/expected-visits';

export interface Host {
  id: number;
  full_name: string;
}

/**
 * The expected visit's host, as the visit's flow says (rules 194, 197, 203): once the area (its journey) and the
 * user type are chosen, the flow's host settings decide whether a host is asked, required or optional, and who can
 * host (the flow's host user types, or the console users). An area without a journey keeps an optional console
 * user. Names are searched from two letters, 300 ms after the last key.
 */
export function HostField({ entityId, journeyId, userTypeId, value, onChange, error }: { entityId: number; journeyId: number | null; userTypeId: number | null; value: Host | null; onChange: (h: Host | null) => void; error?: string }) {
  const { t } = useTranslation('visits');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const flowKnown = !!journeyId && !!userTypeId;
  const settings = useQuery({ queryKey: ['expected-visits', 'host-settings', journeyId, userTypeId], queryFn: () => getFlowHostSettings(journeyId!, userTypeId!), enabled: flowKnown });
  const found = useQuery({
    queryKey: ['expected-visits', 'hosts', entityId, journeyId, userTypeId, debounced],
    queryFn: () => (flowKnown ? searchFlowHosts(journeyId!, userTypeId!, debounced) : searchConsoleHosts(entityId, debounced)),
    enabled: debounced.length >= 2 && debounced !== value?.full_name && (!flowKnown || !!settings.data?.hostUserTypesExist),
  });
  if (!userTypeId) {
    return <Select label={t('host')} placeholder={t('host_after_type')} data={[]} disabled />;
  }
  if (flowKnown && settings.data && !settings.data.hostUserTypesExist) {
    return (
      <Text size="sm" c="dimmed" data-testid="host-not-asked">
        {settings.data.note ?? t('host_not_asked')}
      </Text>
    );
  }
  const hosts = [...(value ? [value] : []), ...(found.data ?? []).filter((h) => h.id !== value?.id)];
  return (
    <Select
      label={t('host')}
      description={flowKnown ? settings.data?.note : undefined}
      placeholder={t('host_hint')}
      required={flowKnown && settings.data?.allowNotSelectHost === 0}
      disabled={flowKnown && !settings.data}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={hosts.map((h) => ({ value: String(h.id), label: h.full_name }))}
      filter={({ options }) => options}
      value={value ? String(value.id) : null}
      onChange={(v) => onChange(hosts.find((h) => String(h.id) === v) ?? null)}
      error={error}
      nothingFoundMessage={debounced.length >= 2 && !found.isFetching ? t('no_host') : undefined}
    />
  );
}
