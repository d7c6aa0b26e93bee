import { call, type KioskFlow, OfflineError } from './api';
import { NOTES_MIN } from './temperature';
import type { T } from './i18n';
import s from './kiosk.module.css';

export interface ConditionAnswers {
  answers: Record<string, 'positive' | 'negative'>;
  agreed: boolean;
  notes: string;
}
export const NO_ANSWERS: ConditionAnswers = { answers: {}, agreed: false, notes: '' };

/** Every question answered and the statement agreed to. */
export const conditionsComplete = (c: NonNullable<KioskFlow['compliance']>, a: ConditionAnswers) => c.questions.every((q) => a.answers[q.id]) && a.agreed;

/** The answers as the sign-in calls take them (rule 214's answers with the agreement). */
export const conditionBody = (c: NonNullable<KioskFlow['compliance']>, a: ConditionAnswers) => ({
  answers: c.questions.map((q) => ({ question_id: q.id, answer: a.answers[q.id] })),
  agreed: true as const,
});

/** Joins the notes of a failed check and of the entry condition into the one `notes` a sign-in takes. */
export const joinNotes = (...notes: (string | undefined)[]) => notes.map((n) => n?.trim()).filter(Boolean).join(' — ') || undefined;

/**
 * Asks the server whether the answers pass as they stand (rules 210-211; the passing answers stay there): null when
 * they do, or when the server cannot be reached (the sign-in is kept and judged when sent); else the message that
 * a wrong answer needs its note, in the kiosk's language.
 */
export async function conditionProblem(t: T, flowId: number, c: NonNullable<KioskFlow['compliance']>, a: ConditionAnswers, lang: string): Promise<string | null> {
  try {
    const res = await call<{ data: { passed: 0 | 1; notes_needed: 0 | 1 } }>('POST', `/api/kiosk-app/conditions/${flowId}`, { compliance: conditionBody(c, a), ...(a.notes.trim() ? { notes: a.notes.trim() } : {}) }, lang);
    return res.data.passed === 1 ? null : t('visitor.notes_needed', { min: NOTES_MIN });
  } catch (err) {
    if (err instanceof OfflineError) return null;
    return (err as Error).message;
  }
}

/**
 * A flow's entry condition on the kiosk (rules 205-214): each question answered yes or no, notes (needed when an
 * answer is not the expected one, rule 210), the agreement text and the statement to agree to.
 */
export function Conditions({ t, compliance: c, value, onChange }: { t: T; compliance: NonNullable<KioskFlow['compliance']>; value: ConditionAnswers; onChange: (v: ConditionAnswers) => void }) {
  return (
    <>
      <h1 className={s.title} dir="auto">
        {c.name}
      </h1>
      <ol className={s.list}>
        {c.questions.map((q) => (
          <li key={q.id} className={s.question}>
            <p className={s.lead} dir="auto">
              {q.question}
            </p>
            <div className={s.row} role="group" aria-label={q.question}>
              {(['positive', 'negative'] as const).map((a) => (
                <button
                  key={a}
                  type="button"
                  className={value.answers[q.id] === a ? s.primary : s.ghost}
                  aria-pressed={value.answers[q.id] === a}
                  onClick={() => onChange({ ...value, answers: { ...value.answers, [q.id]: a } })}
                >
                  {a === 'positive' ? t('common.yes') : t('common.no')}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ol>
      <label className={s.field}>
        <span>{t('visitor.notes')}</span>
        <textarea className={s.input} value={value.notes} onChange={(e) => onChange({ ...value, notes: e.target.value })} rows={2} />
      </label>
      <p className={s.muted} dir="auto">
        {c.agreement_text}
      </p>
      <label className={s.check}>
        <input type="checkbox" checked={value.agreed} onChange={(e) => onChange({ ...value, agreed: e.target.checked })} />
        <span dir="auto">{c.statement}</span>
      </label>
    </>
  );
}
