import { TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import type * as Fields from '../components/fields';

/**
 * For page tests: the shared day picker (DD/MM/YYYY from Monday, rule 121; its own test is
 * components/date-fields.test.tsx) replaced by a text input that takes the day as payloads carry it (YYYY-MM-DD,
 * rule 122), and the date-time picker by one that takes `YYYY-MM-DDTHH:mm`, so that a page's test follows the page's flow rather than the calendar's clicks. Use:
 * `vi.mock('<path>/components/fields', async (io) => (await import('<path>/test/day-field-as-text')).dayFieldAsText(io))`.
 */
export async function dayFieldAsText(importOriginal: <T>() => Promise<T>) {
  const actual = await importOriginal<typeof Fields>();
  function DayField({ label, value, onChange, error, required }: { label?: ReactNode; value: string; onChange: (day: string) => void; error?: ReactNode; required?: boolean }) {
    return <TextInput label={label} value={value} error={error} required={required} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value)} />;
  }
  function DateTimeField({ label, value, onChange, error, required }: { label?: ReactNode; value?: unknown; onChange?: (v: string | null) => void; error?: ReactNode; required?: boolean }) {
    return <TextInput label={label} value={value == null ? '' : String(value)} error={error} required={required} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.currentTarget.value || null)} />;
  }
  return { ...actual, DayField, DateTimeField };
}
