import { useId } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';
import { DEFAULT_TEMPERATURE_THRESHOLD_C, failsTemperature, toCelsius, type TemperatureUnit } from './temperature';

/**
 * A temperature typed on the kiosk with its unit (C or F): tells an implausible reading and a reading at or above
 * the journey's threshold at once.
 */
export function TemperatureInput({
  t,
  value,
  unit,
  threshold = DEFAULT_TEMPERATURE_THRESHOLD_C,
  onChange,
}: {
  t: T;
  value: string;
  unit: TemperatureUnit;
  threshold?: number;
  onChange: (value: string, unit: TemperatureUnit) => void;
}) {
  const id = useId();
  const celsius = value.trim() ? toCelsius(value, unit) : null;
  const problem = !value.trim() ? '' : celsius === null ? t('checks.temperature_invalid') : failsTemperature(celsius, threshold) ? t('checks.fever', { threshold }) : '';
  return (
    <div className={s.field}>
      <label htmlFor={id}>{t('checks.temperature')}</label>
      <div className={s.row} dir="ltr">
        <input
          id={id}
          className={s.input}
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value, unit)}
          aria-invalid={!!problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {(['C', 'F'] as const).map((u) => (
          <button key={u} type="button" className={u === unit ? s.primary : s.ghost} aria-pressed={u === unit} onClick={() => onChange(value, u)}>
            °{u}
          </button>
        ))}
      </div>
      {problem && (
        <p id={`${id}-problem`} className={s.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
