import { useState } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';
import type { Who } from './who';

/**
 * A name picked never acts at once (docs/decisions.md): the kiosk shows who and what it will do and waits for the
 * person to confirm; where their flow identifies people by something else than their name, they type their quick
 * pass code too (the server checks it). `problem`: the server's refusal of the code, shown at the field.
 */
export function Confirm({ t, who, problem, busy, onConfirm, onBack }: { t: T; who: Who; problem?: string; busy?: boolean; onConfirm: (quickPass?: string) => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const action = who.action === 'out' ? t('confirm.sign_out') : who.action === 'in' ? t('confirm.sign_in') : t('common.next');
  return (
    <main className={s.center}>
      <h1 className={s.title} data-testid="confirm-name">
        {who.name}
      </h1>
      <p className={s.lead}>{who.asksCode ? t('confirm.code_hint') : who.action === 'out' ? t('confirm.out_question') : t('confirm.in_question')}</p>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!who.asksCode) return onConfirm();
          if (code.trim()) onConfirm(code.trim());
        }}
      >
        {who.asksCode && (
          <label className={s.field}>
            <span>{t('confirm.code')}</span>
            <input
              className={s.input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              dir="ltr"
              aria-invalid={!!problem}
              aria-describedby={problem ? 'confirm-problem' : undefined}
            />
          </label>
        )}
        {problem && (
          <p id="confirm-problem" className={s.error} role="alert">
            {problem}
          </p>
        )}
        <div className={s.row}>
          <button className={s.ghost} type="button" onClick={onBack}>
            {t('confirm.not_me')}
          </button>
          <button className={s.primary} type="submit" disabled={busy || (who.asksCode && !code.trim())}>
            {action}
          </button>
        </div>
      </form>
    </main>
  );
}
