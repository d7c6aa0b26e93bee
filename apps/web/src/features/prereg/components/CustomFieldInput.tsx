import { Checkbox, Group, Input, Radio, Rating, SegmentedControl, Switch, TextInput, Textarea } from '@mantine/core';
import { IconMoodCry, IconMoodEmpty, IconMoodHappy, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { DayField } from '../../../components/fields';
import type { PreRegField } from '../api/prereg';

const SMILEYS = [IconMoodCry, IconMoodSad, IconMoodEmpty, IconMoodSmile, IconMoodHappy];
const smiley = (n: number, color: string) => {
  const Icon = SMILEYS[n - 1] ?? IconMoodEmpty;
  return <Icon size={28} color={color} aria-hidden />;
};

/** A value as rule 218 sends it: text, a number, a date, 1/0 for a toggle, a JSON list for checkboxes. */
export type FieldValue = string;

/**
 * One custom field of the pre-registration form (rule 216's types): text, number, date, long text, rating (labels,
 * stars or smileys), toggle, checkboxes and radio buttons. Required at pre-registration shows the asterisk.
 */
export function CustomFieldInput({ field, value, onChange, error }: { field: PreRegField; value: FieldValue; onChange: (v: FieldValue) => void; error?: string }) {
  // Written by an administrator, in the visitor's language when given: its own direction (dir="auto").
  const label = <span dir="auto">{field.name}</span>;
  const common = { label, required: field.required === 1, error };
  // The written options are the values; the visitor reads them in their language.
  const options = field.options.map((o, i) => ({ value: o, label: field.option_labels?.[i] ?? o }));
  switch (field.type) {
    case 'long_text':
      return <Textarea {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} rows={3} maxLength={5000} />;
    case 'number':
      return <TextInput {...common} inputMode="decimal" value={value} onChange={(e) => onChange(e.currentTarget.value.replace(/[^\d.-]/g, ''))} maxLength={20} />;
    case 'date':
      return <DayField {...common} clearable value={value} onChange={onChange} />;
    case 'toggle':
      return <Switch label={label} checked={value === '1'} onChange={(e) => onChange(e.currentTarget.checked ? '1' : '0')} error={error} />;
    case 'checkboxes': {
      const chosen: string[] = value ? (JSON.parse(value) as string[]) : [];
      return (
        <Checkbox.Group {...common} value={chosen} onChange={(v) => onChange(v.length ? JSON.stringify(v) : '')}>
          <Group gap="md" mt={4}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={<span dir="auto">{o.label}</span>} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    case 'radio':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Group gap="md" mt={4}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={<span dir="auto">{o.label}</span>} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'rating':
      return (
        <Input.Wrapper {...common}>
          {field.display === 'labels' ? (
            <SegmentedControl fullWidth data={options} value={value || ''} onChange={onChange} aria-label={field.name} mt={4} />
          ) : (
            <Rating
              value={Number(value) || 0}
              onChange={(n) => onChange(String(n))}
              count={5}
              size="lg"
              mt={4}
              aria-label={field.name}
              {...(field.display === 'smileys' ? { emptySymbol: (n: number) => smiley(n, 'var(--mantine-color-gray-5)'), fullSymbol: (n: number) => smiley(n, 'var(--mantine-color-yellow-7)') } : {})}
            />
          )}
        </Input.Wrapper>
      );
    default:
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} maxLength={500} />;
  }
}
