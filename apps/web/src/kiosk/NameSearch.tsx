import { useEffect, useState } from 'react';
import { call, OfflineError } from './api';
import type { Lang, T } from './i18n';
import s from './kiosk.module.css';
import type { Who } from './who';

interface Person {
  id: number;
  name: string;
  user_type: string | null;
  /** 1: signing them by name asks their quick pass code. */
  quick_pass?: 0 | 1;
}

/**
 * Quick matching: every word typed starts a first or last name. Private matching (the journey's setting): only the
 * full name finds the person. The kiosk shows names only, of the people its journey signs; picking one asks for a
 * confirmation (App's Confirm) before anything happens.
 */
export function NameSearch({ t, lang, exact, onPick, onBack }: { t: T; lang: Lang; exact?: boolean; onPick: (who: Who) => void; onBack: () => void }) {
  const [text, setText] = useState('');
  const [people, setPeople] = useState<Person[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (text.trim().length < 2) return setPeople(null);
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const res = await call<{ data: Person[] }>('GET', `/api/kiosk-app/people?search=${encodeURIComponent(text.trim())}`, undefined, lang);
        if (!stale) {
          setPeople(res.data);
          setError('');
        }
      } catch (err) {
        if (!stale) setError(err instanceof OfflineError ? t('error.offline') : (err as Error).message);
      }
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, lang, t]);

  return (
    <main className={s.center}>
      <h1 className={s.title}>{t('name.title')}</h1>
      {exact && <p className={s.muted}>{t('name.private_hint')}</p>}
      <input className={s.input} autoFocus value={text} onChange={(e) => setText(e.target.value)} aria-label={t('name.search')} autoComplete="off" />
      {error && <p className={s.error}>{error}</p>}
      {people?.length === 0 && <p className={s.muted}>{t('name.none')}</p>}
      <ul className={s.list}>
        {people?.map((p) => (
          <li key={p.id}>
            <button className={s.choice} type="button" onClick={() => onPick({ user_id: p.id, name: p.name, input_method: 'name', asksCode: p.quick_pass === 1 })}>
              {p.name}
              {p.user_type && <small className={s.muted}> · {p.user_type}</small>}
            </button>
          </li>
        ))}
      </ul>
      <button className={s.ghost} type="button" onClick={onBack}>
        {t('common.back')}
      </button>
    </main>
  );
}
