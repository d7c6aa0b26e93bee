import type { T } from './i18n';
import s from './kiosk.module.css';

export interface ReasonOption {
  id: number;
  name: string;
  type: string;
}

/** Late sign-in or early sign-out: the API asked for a reason; the person picks one of their mode's reasons. */
export function Reason({ t, reasons, onPick, onBack }: { t: T; reasons: ReasonOption[]; onPick: (id: number) => void; onBack: () => void }) {
  const early = reasons.every((r) => r.type.includes('out'));
  const late = reasons.every((r) => r.type.includes('in'));
  const title = early ? 'reason.title_out' : late ? 'reason.title_in' : 'reason.title';
  return (
    <main className={s.center}>
      <h1 className={s.title}>{t(title)}</h1>
      <ul className={s.list}>
        {reasons.map((r) => (
          <li key={r.id}>
            <button className={s.choice} type="button" onClick={() => onPick(r.id)}>
              {r.name}
            </button>
          </li>
        ))}
      </ul>
      <button className={s.ghost} type="button" onClick={onBack}>
        {t('common.cancel')}
      </button>
    </main>
  );
}
