import { Checkbox, Group, Input, Radio, Rating, SegmentedControl, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconMoodCry, IconMoodEmpty, IconMoodHappy, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField, NumberField } from '../../../components/fields';
import type { CustomField } from '../api/custom-fields';

const SMILEYS = [IconMoodCry, IconMoodSad, IconMoodEmpty, IconMoodSmile, IconMoodHappy];

/** A checkboxes value (rule 218: a JSON string of the chosen options) as a list. */
export function checkedOptions(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const v: unknown = JSON.parse(value);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored value as people read it: options joined, toggles yes/no, ratings n/5. */
export function useShowValue() {
  const { t } = useTranslation('custom-fields');
  return (type: string, value: string | null) => {
    if (value === null || value === '') return '';
    if (type === 'checkboxes') return checkedOptions(value).join(', ');
    if (type === 'toggle') return value === '1' ? t('yes') : t('no');
    if (type === 'rating' && /^[1-5]$/.test(value)) return t('rating_of', { value });
    return value;
  };
}

interface Props {
  field: CustomField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}

/**
 * The control of each custom-field type (rule 216): text, number, date, long text, rating scale (labels, stars or
 * smileys), toggle (stored '1' / '0'), checkboxes (a JSON string of options, rule 218) and radio buttons.
 */
export function CustomFieldInput({ field, value, onChange, error, required }: Props) {
  const { t } = useTranslation('custom-fields');
  const common = { label: field.name, error, required };
  switch (field.type) {
    case 'long_text':
      return <Textarea {...common} autosize minRows={2} maxLength={5000} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return <NumberField {...common} decimal maxLength={22} value={value} onChange={onChange} />;
    case 'date':
      return <DateField {...common} clearable value={value || null} onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')} />;
    case 'toggle':
      return <Switch label={field.name} error={error} checked={value === '1'} onChange={(e) => onChange(e.currentTarget.checked ? '1' : '0')} />;
    case 'checkboxes':
      return (
        <Checkbox.Group {...common} value={checkedOptions(value)} onChange={(list) => onChange(list.length ? JSON.stringify(field.options.filter((o) => list.includes(o))) : '')}>
          <Group gap="md" mt={4}>
            {field.options.map((o) => <Checkbox key={o} value={o} label={o} />)}
          </Group>
        </Checkbox.Group>
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={value || null} onChange={onChange}>
          <Group gap="md" mt={4}>
            {field.options.map((o) => <Radio key={o} value={o} label={o} />)}
          </Group>
        </Radio.Group>
      );
    case 'rating':
      if (field.display === 'labels') {
        return (
          <Input.Wrapper {...common}>
            <Stack gap={0} mt={4}>
              <SegmentedControl aria-label={field.name} data={field.options} value={value} onChange={onChange} fullWidth />
            </Stack>
          </Input.Wrapper>
        );
      }
      return (
        <Input.Wrapper {...common}>
          <Rating
            mt={4}
            size="lg"
            value={Number(value) || 0}
            onChange={(n) => onChange(n ? String(n) : '')}
            getSymbolLabel={(n) => t('rating_of', { value: n })}
            {...(field.display === 'smileys'
              ? {
                  highlightSelectedOnly: true,
                  emptySymbol: (n: number) => { const Icon = SMILEYS[Math.min(Math.max(n, 1), 5) - 1]; return <Icon size={28} color="var(--mantine-color-gray-5)" aria-hidden />; },
                  fullSymbol: (n: number) => { const Icon = SMILEYS[Math.min(Math.max(n, 1), 5) - 1]; return <Icon size={28} color="var(--mantine-color-yellow-7)" aria-hidden />; },
                }
              : {})}
          />
        </Input.Wrapper>
      );
    default:
      return <TextInput {...common} maxLength={500} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
