import { LANGUAGES, type Language, type Translations } from '@gatehouse/contract';
import { Badge, Button, Popover, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../lib/i18n';

/** The languages given a text (the written one stays the fallback). */
export const translatedLanguages = (value: Translations | undefined) => LANGUAGES.filter((l) => value?.[l]?.trim());

/**
 * The compact translations editor every console form uses beside a text an administrator writes (user type names,
 * custom field labels and options, entry-condition texts): a small button that opens one box per language. A
 * language left empty shows the written text; Arabic boxes write right to left.
 */
export function TranslationsField({ label, value, onChange, multiline = false }: { label: string; value: Translations | undefined; onChange: (v: Translations) => void; multiline?: boolean }) {
  const { t } = useTranslation('common');
  const given = translatedLanguages(value);
  const set = (lang: Language, text: string) => onChange({ ...value, [lang]: text });
  return (
    <Popover position="bottom-start" width={360} trapFocus shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconLanguage size={14} aria-hidden />}
          rightSection={given.length ? <Badge size="xs" variant="light">{given.map((l) => l.toUpperCase()).join(' · ')}</Badge> : null}
          aria-label={t('translations.open', { field: label })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('translations.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('translations.title', { field: label })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('translations.hint')}
          </Text>
          {LANGUAGES.map((lang) => {
            const props = {
              key: lang,
              label: t(`translations.language.${lang}`),
              dir: directionOf(lang),
              lang,
              value: value?.[lang] ?? '',
              onChange: (e: { currentTarget: { value: string } }) => set(lang, e.currentTarget.value),
              'data-testid': `translation-${lang}`,
            };
            return multiline ? <Textarea {...props} autosize minRows={2} maxRows={6} /> : <TextInput {...props} />;
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
