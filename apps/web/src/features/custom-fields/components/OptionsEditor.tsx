import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Translations } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { TranslationsField } from '../../../components/TranslationsField';

/**
 * The options of a checkboxes, radio or labelled-rating field: one line each, names unique (rule 219), each with
 * its translations (kept by index: removing an option removes its translations).
 */
export function OptionsEditor({
  options,
  translations,
  onChange,
  error,
  label,
}: {
  options: string[];
  translations: Translations[];
  onChange: (o: string[], translations: Translations[]) => void;
  error?: string;
  label: string;
}) {
  const { t } = useTranslation('custom-fields');
  const lower = options.map((o) => o.trim().toLowerCase());
  const tr = options.map((_, i) => translations[i] ?? {});
  const set = (i: number, v: string) => onChange(options.map((o, j) => (j === i ? v : o)), tr);
  const add = () => onChange([...options, ''], [...tr, {}]);
  return (
    <Input.Wrapper label={label} required error={error}>
      <Stack gap="xs" mt={4}>
        {options.map((o, i) => (
          <Group key={i} gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('option_n', { n: i + 1 })}
              maxLength={50}
              value={o}
              onChange={(e) => set(i, e.currentTarget.value)}
              error={o.trim() && lower.indexOf(o.trim().toLowerCase()) !== i ? t('option_duplicate') : undefined}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <TranslationsField label={t('option_n', { n: i + 1 })} value={tr[i]} onChange={(x) => onChange(options, tr.map((y, j) => (j === i ? x : y)))} />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('remove_option', { n: i + 1 })}
              onClick={() => onChange(options.filter((_, j) => j !== i), tr.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add} disabled={options.length >= 50}>
            {t('add_option')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
