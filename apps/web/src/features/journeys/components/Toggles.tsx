import { SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A grid of on/off settings (outputs and checks), sent as booleans. */
export function Toggles<K extends string>({ keys, values, onChange }: { keys: readonly K[]; values: Partial<Record<K, unknown>>; onChange: (key: K, on: boolean) => void }) {
  const { t } = useTranslation('journeys');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
      {keys.map((k) => (
        <Switch key={k} label={t(k)} checked={values[k] === true || values[k] === 1} onChange={(e) => onChange(k, e.currentTarget.checked)} />
      ))}
    </SimpleGrid>
  );
}
