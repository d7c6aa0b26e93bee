import type { KioskConfig } from './api';
import { useHomeAfterTimeout } from './Done';
import type { T } from './i18n';
import s from './kiosk.module.css';

/**
 * A walk-in of a user type that needs approval (rule 155): the visit is registered and waits for the host, so the
 * visitor is told so (not signed in, nothing to correct), then the kiosk goes home after its usual screen timeout.
 */
export function Awaiting({ t, name, config, onHome }: { t: T; name: string; config: KioskConfig; onHome: () => void }) {
  useHomeAfterTimeout(config, onHome);
  return (
    <main className={s.center} data-testid="awaiting-approval">
      <h1 className={s.title}>{t('awaiting.title', { name })}</h1>
      <p className={s.lead} role="status">
        {t('awaiting.text')}
      </p>
      <button className={s.primary} type="button" onClick={onHome}>
        {t('common.done')}
      </button>
    </main>
  );
}
