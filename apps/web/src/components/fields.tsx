import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DatePickerInput, type DatePickerInputProps, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';

/** Date picker format (rule 121); payloads still carry YYYY-MM-DD (rule 122). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** Keys a numeric input never takes (rule 120: the letter e, and the signs and exponent the browser would accept). */
const BLOCKED = new Set(['e', 'E', '+', '-']);

/** Keeps the digits (and one decimal point when allowed) and truncates to maxLength (rule 120). */
export function numericValue(raw: string, maxLength?: number, decimal = false): string {
  let v = raw.replace(decimal ? /[^\d.]/g : /\D/g, '');
  if (decimal) {
    const i = v.indexOf('.');
    if (i >= 0) v = v.slice(0, i + 1) + v.slice(i + 1).replace(/\./g, '');
  }
  return maxLength ? v.slice(0, maxLength) : v;
}

export interface NumberFieldProps extends Omit<TextInputProps, 'onChange' | 'value' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  decimal?: boolean;
}

/** Numeric input of the shared widgets: blocks e, keeps digits, truncates to its maximum length. */
export function NumberField({ value, onChange, maxLength, decimal, ...rest }: NumberFieldProps) {
  return (
    <TextInput
      {...rest}
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={value}
      onKeyDown={(e) => {
        if (BLOCKED.has(e.key)) e.preventDefault();
        rest.onKeyDown?.(e);
      }}
      onChange={(e) => onChange(numericValue(e.currentTarget.value, maxLength, decimal))}
    />
  );
}

export type DateFieldProps = Omit<DatePickerInputProps<'default'>, 'type' | 'valueFormat'> & {
  /** Dates that cannot be picked (rule 120), as YYYY-MM-DD strings. */
  disabledDate?: (date: string) => boolean;
};

/** Date picker of the shared widgets: DD/MM/YYYY, the week starting on Monday (DatesProvider), disabled dates. */
export function DateField({ disabledDate, ...rest }: DateFieldProps) {
  const { t } = useTranslation('common');
  return (
    <DatePickerInput
      {...rest}
      valueFormat={DATE_FORMAT}
      excludeDate={disabledDate}
      firstDayOfWeek={1}
      ariaLabels={{ nextMonth: t('calendar.next_month'), previousMonth: t('calendar.previous_month'), nextYear: t('calendar.next_year'), previousYear: t('calendar.previous_year'), nextDecade: t('calendar.next_decade'), previousDecade: t('calendar.previous_decade') }}
      // Each day names its date (YYYY-MM-DD) for the journeys, whatever the language shows.
      getDayProps={(date) => ({ ...({ 'data-date': date } as object), ...rest.getDayProps?.(date) })}
    />
  );
}

export type DayFieldProps = Omit<DateFieldProps, 'value' | 'onChange' | 'minDate'> & {
  /** The day as payloads carry it (YYYY-MM-DD, rule 122), '' for none. */
  value: string;
  onChange: (day: string) => void;
  /** The first day that can be picked (YYYY-MM-DD). */
  min?: string;
};

/** A day as a form holds it (a YYYY-MM-DD string), shown and picked as DD/MM/YYYY with weeks from Monday (rule 121). */
export function DayField({ value, onChange, min, ...rest }: DayFieldProps) {
  return <DateField {...rest} value={value || null} minDate={min} onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')} />;
}

/** A moment (sign-in or sign-out time) shown and picked as DD/MM/YYYY HH:mm, weeks from Monday (rule 121). */
export function DateTimeField(props: Omit<DateTimePickerProps, 'valueFormat'>) {
  return <DateTimePicker {...props} valueFormat={`${DATE_FORMAT} HH:mm`} firstDayOfWeek={1} />;
}
