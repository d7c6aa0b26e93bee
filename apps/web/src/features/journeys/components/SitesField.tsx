import { Alert, List, MultiSelect, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BlockedSite, Option } from '../api/journeys';

/**
 * Permitted sites (rule 97: only admins of these sites may use the journey; none = every admin). Sites that cannot
 * be taken off (rule 202: the journey is assigned to their areas, or the admin has no access) are listed with why.
 */
export function SitesField({
  options,
  value,
  onChange,
  blocked,
  error,
  unavailable,
}: {
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
  blocked: BlockedSite[];
  error?: string;
  unavailable: boolean;
}) {
  const { t } = useTranslation('journeys');
  return (
    <>
      <MultiSelect
        label={t('sites')}
        description={unavailable ? t('sites_unavailable') : t('sites_help')}
        data={options.map((s) => ({ value: String(s.id), label: s.name }))}
        value={value.map(String)}
        onChange={(v) => onChange(v.map(Number))}
        error={error}
        searchable
        clearable
        nothingFoundMessage={t('nothing_found')}
      />
      {blocked.length ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('sites_blocked_title')} data-testid="sites-blocked">
          <List size="sm" spacing={2}>
            {blocked.map((b) => (
              <List.Item key={b.id}>
                <Text size="sm">{b.message}</Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
