import { useState } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';
import { apiTemperature, DEFAULT_TEMPERATURE_THRESHOLD_C, failsTemperature, NOTES_MIN, toCelsius, type TemperatureUnit } from './temperature';
import { TemperatureInput } from './TemperatureInput';

export interface CheckAnswers {
  temperature?: string;
  mask?: boolean;
  /** A failed check's justification (rule 212), at least NOTES_MIN characters. */
  notes?: string;
}

/**
 * The sign-in checks the journey asks (temperature in C or F, rule 227, held to the journey's threshold; mask). An
 * implausible reading ("hot") cannot continue; a reading at or above the threshold, or no mask, asks at once for
 * the note the server needs to let the person in (rule 212).
 */
export function Checks({
  t,
  unit: initialUnit,
  threshold = DEFAULT_TEMPERATURE_THRESHOLD_C,
  temperature = true,
  mask: askMask = true,
  onDone,
  onBack,
}: {
  t: T;
  unit: TemperatureUnit;
  threshold?: number;
  temperature?: boolean;
  mask?: boolean;
  onDone: (a: CheckAnswers) => void;
  onBack: () => void;
}) {
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<TemperatureUnit>(initialUnit);
  const [mask, setMask] = useState<boolean | null>(null);
  const [notes, setNotes] = useState('');
  const c = temperature ? toCelsius(value, unit) : null;
  const fever = c !== null && failsTemperature(c, threshold);
  const failed = fever || (askMask && mask === false);
  const ok = (!temperature || c !== null) && (!askMask || mask !== null) && (!failed || notes.trim().length >= NOTES_MIN);
  return (
    <main className={s.center}>
      <h1 className={s.title}>{t('checks.title')}</h1>
      {temperature && (
        <TemperatureInput
          t={t}
          value={value}
          unit={unit}
          threshold={threshold}
          onChange={(v, u) => {
            setValue(v);
            setUnit(u);
          }}
        />
      )}
      {askMask && (
        <>
          <p className={s.lead}>{t('checks.mask')}</p>
          <div className={s.row}>
            {([true, false] as const).map((m) => (
              <button key={String(m)} type="button" className={mask === m ? s.primary : s.ghost} aria-pressed={mask === m} onClick={() => setMask(m)}>
                {m ? t('common.yes') : t('common.no')}
              </button>
            ))}
          </div>
          {mask === false && !fever && <p className={s.error}>{t('checks.mask_failed')}</p>}
        </>
      )}
      {failed && (
        <label className={s.field}>
          <span>{t('checks.notes', { min: NOTES_MIN })}</span>
          <textarea className={s.input} value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} data-testid="check-notes" />
        </label>
      )}
      <div className={s.row}>
        <button className={s.ghost} type="button" onClick={onBack}>
          {t('common.back')}
        </button>
        <button
          className={s.primary}
          type="button"
          disabled={!ok}
          onClick={() =>
            onDone({
              ...(temperature ? { temperature: apiTemperature(value, unit) } : {}),
              ...(askMask && mask !== null ? { mask } : {}),
              ...(failed ? { notes: notes.trim() } : {}),
            })
          }
        >
          {t('common.next')}
        </button>
      </div>
    </main>
  );
}
