import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zSubdomain } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../../lib/i18n';
import { checkSubdomain } from '../api/company';

interface Props {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** The organisation's own subdomain needs no check (the company form). */
  current?: string;
  /**
   * For a NEW organisation: the current organisation's subdomain is taken too, although the server's check
   * (which leaves the caller's own organisation out) calls it available.
   */
  ownTaken?: string;
  label: string;
}

/** Subdomain field with the live availability check (GET /api/check_subdomain). */
export function SubdomainInput({ value, onChange, error, current, ownTaken, label }: Props) {
  const { t } = useTranslation('company');
  const [debounced] = useDebouncedValue(value.trim().toLowerCase(), 400);
  const valid = zSubdomain.safeParse(debounced);
  const check = useQuery({
    queryKey: ['check_subdomain', debounced],
    queryFn: ({ signal }) => checkSubdomain(debounced, signal),
    enabled: valid.success && debounced !== current && debounced !== ownTaken,
    staleTime: 10_000,
  });
  const formatError = debounced && !valid.success ? tMessage(valid.error.issues[0].message) : undefined;
  const self = !!ownTaken && debounced === ownTaken;
  const taken = self ? tMessage('entity.subdomain_taken') : check.data?.data.available === 0 ? check.data.message : undefined;
  const ok = !self && check.data?.data.available === 1 && debounced !== current ? check.data.message : undefined;
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error ?? formatError ?? taken}
      description={ok ?? t('subdomain_help')}
      rightSection={check.isFetching ? <Loader size="xs" /> : null}
      maxLength={40}
      required
      name="subdomain"
      autoComplete="off"
    />
  );
}
