import { useState } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';
import { apiTemperature, FEVER_C, toCelsius, type TemperatureUnit } from './temperature';
import { TemperatureInput } from './TemperatureInput';

export interface CheckAnswers {
  temperature?: string;
  mask?: boolean;
}

/**
 * The sign-in checks the journey asks (temperature in C or F, rule 227; mask): a fever or an implausible reading
 * ("hot") cannot continue.
 */
export function Checks({
  t,
  unit: initialUnit,
  temperature = true,
  mask: askMask = true,
  onDone,
  onBack,
}: {
  t: T;
  unit: TemperatureUnit;
  temperature?: boolean;
  mask?: boolean;
  onDone: (a: CheckAnswers) => void;
  onBack: () => void;
}) {
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<TemperatureUnit>(initialUnit);
  const [mask, setMask] = useState<boolean | null>(null);
  const c = temperature ? toCelsius(value, unit) : null;
  const ok = (!temperature || (c !== null && c < FEVER_C)) && (!askMask || mask !== null);
  return (
    <main className={s.center}>
      <h1 className={s.title}>{t('checks.title')}</h1>
      {temperature && (
        <TemperatureInput
          t={t}
          value={value}
          unit={unit}
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
        </>
      )}
      <div className={s.row}>
        <button className={s.ghost} type="button" onClick={onBack}>
          {t('common.back')}
        </button>
        <button
          className={s.primary}
          type="button"
          disabled={!ok}
          onClick={() => onDone({ ...(temperature ? { temperature: apiTemperature(value, unit) } : {}), ...(askMask && mask !== null ? { mask } : {}) })}
        >
          {t('common.next')}
        </button>
      </div>
    </main>
  );
}
