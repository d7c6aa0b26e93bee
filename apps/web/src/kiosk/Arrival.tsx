import { useState } from 'react';
import type { KioskFlow } from './api';
import { Checks, type CheckAnswers } from './Checks';
import { type ConditionAnswers, conditionBody, conditionProblem, Conditions, conditionsComplete, joinNotes, NO_ANSWERS } from './Conditions';
import type { Lang, T } from './i18n';
import s from './kiosk.module.css';
import { HostSearch } from './Visitor';

/** What a known person's sign-in sends besides who they are: the readings, the host and the entry condition's answers. */
export interface ArrivalAnswers extends CheckAnswers {
  host_user_id?: number;
  compliance?: ReturnType<typeof conditionBody>;
  notes?: string;
}

export interface ArrivalAsks {
  temperature: boolean;
  mask: boolean;
  /** The flow whose host step or entry condition is asked (null: only the readings). */
  flow: KioskFlow | null;
  host: boolean;
  compliance: boolean;
}

type Step = 'checks' | 'host' | 'conditions';

/**
 * A known person signing in, asked what their flow needs (the server's identify says which): the checks, who they
 * visit (the flow's host step) and the flow's entry condition when it is due (rule 198). Sends them all at once.
 */
export function Arrival({
  t,
  lang,
  unit,
  threshold,
  asks,
  onDone,
  onBack,
}: {
  t: T;
  lang: Lang;
  unit: 'C' | 'F';
  /** The journey's temperature threshold (Celsius). */
  threshold?: number;
  asks: ArrivalAsks;
  onDone: (a: ArrivalAnswers) => void;
  onBack: () => void;
}) {
  const { flow } = asks;
  const order = (['checks', 'host', 'conditions'] as Step[]).filter(
    (st) => (st === 'checks' ? asks.temperature || asks.mask : st === 'host' ? asks.host && !!flow : asks.compliance && !!flow?.compliance),
  );
  const [step, setStep] = useState<Step>(order[0] ?? 'checks');
  const [checks, setChecks] = useState<CheckAnswers>({});
  const [host, setHost] = useState<{ id: number; name: string } | null>(null);
  const [conditions, setConditions] = useState<ConditionAnswers>(NO_ANSWERS);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (c = checks) => {
    const { notes: checkNotes, ...readings } = c;
    const notes = joinNotes(checkNotes, conditions.notes);
    onDone({
      ...readings,
      ...(host ? { host_user_id: host.id } : {}),
      ...(order.includes('conditions') && flow?.compliance ? { compliance: conditionBody(flow.compliance, conditions) } : {}),
      ...(notes ? { notes } : {}),
    });
  };
  const go = async (dir: 1 | -1, c = checks) => {
    setProblem(null);
    // A wrong answer asks for its note at once, before anything is sent (rules 210-211).
    if (dir === 1 && step === 'conditions' && flow?.compliance) {
      setBusy(true);
      const p = await conditionProblem(t, flow.id, flow.compliance, conditions, lang);
      setBusy(false);
      if (p) return setProblem(p);
    }
    const next = order[order.indexOf(step) + dir];
    if (next) return setStep(next);
    if (dir === -1) return onBack();
    finish(c);
  };
  const last = step === order[order.length - 1];
  const nav = (canGo: boolean) => (
    <div className={s.row}>
      <button className={s.ghost} type="button" onClick={() => void go(-1)}>
        {t('common.back')}
      </button>
      <button className={s.primary} type="button" disabled={!canGo || busy} onClick={() => void go(1)}>
        {last ? t('visitor.sign_in') : t('common.next')}
      </button>
    </div>
  );

  if (step === 'host' && flow) {
    const optional = flow.host.allow_no_host === 1;
    return (
      <main className={s.center}>
        <h1 className={s.title}>{t('visitor.host_title')}</h1>
        <HostSearch t={t} lang={lang} flowId={flow.id} picked={host} onPick={setHost} />
        {optional && !host && <p className={s.muted}>{t('visitor.host_optional')}</p>}
        {nav(!!host || optional)}
      </main>
    );
  }
  if (step === 'conditions' && flow?.compliance)
    return (
      <main className={s.center}>
        <Conditions t={t} compliance={flow.compliance} value={conditions} onChange={setConditions} />
        {problem && (
          <p className={s.error} role="alert">
            {problem}
          </p>
        )}
        {nav(conditionsComplete(flow.compliance, conditions))}
      </main>
    );
  return (
    <Checks
      t={t}
      unit={unit}
      threshold={threshold}
      temperature={asks.temperature}
      mask={asks.mask}
      onDone={(c) => {
        setChecks(c);
        void go(1, c);
      }}
      onBack={() => void go(-1)}
    />
  );
}
