import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Row = { name: string; value: string };

/** A person's resources (a locker, a parking space, a laptop): a name and a value each. */
export function ResourcesEditor({ rows, onChange, error }: { rows: Row[]; onChange: (r: Row[]) => void; error?: string }) {
  const { t } = useTranslation('users');
  const set = (i: number, patch: Partial<Row>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Input.Wrapper label={t('form.resources')} description={t('form.resources_hint')} error={error}>
      <Stack gap="xs" mt={4}>
        {rows.map((r, i) => (
          <Group key={i} gap="xs" wrap="nowrap">
            <TextInput style={{ flex: 1 }} aria-label={t('form.resource_name', { n: i + 1 })} placeholder={t('form.resource_name_ph')} maxLength={50} value={r.name} onChange={(e) => set(i, { name: e.currentTarget.value })} />
            <TextInput style={{ flex: 1 }} aria-label={t('form.resource_value', { n: i + 1 })} placeholder={t('form.resource_value_ph')} maxLength={200} value={r.value} onChange={(e) => set(i, { value: e.currentTarget.value })} />
            <ActionIcon variant="subtle" color="red" aria-label={t('form.resource_remove', { n: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))}><IconTrash size={16} /></ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([...rows, { name: '', value: '' }])} disabled={rows.length >= 50}>{t('form.resource_add')}</Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
