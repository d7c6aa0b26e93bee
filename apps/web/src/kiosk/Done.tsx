import { useEffect } from 'react';
import type { KioskConfig, ScanResult } from './api';
import type { T } from './i18n';
import s from './kiosk.module.css';

export type Outcome = { kind: 'sent'; result: ScanResult } | { kind: 'queued'; name: string };

/**
 * The success screen with the person's name; a badge to print for a person of a user type (rule 102: never for
 * default users, taken here as people without a user type, see the report). Goes back home after a while.
 */
export function Done({ t, outcome, config, onHome }: { t: T; outcome: Outcome; config: KioskConfig; onHome: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onHome, (config.settings.screen_timeout_seconds ?? 8) * 1000);
    return () => clearTimeout(timer);
  }, [onHome, config.settings.screen_timeout_seconds]);
  if (outcome.kind === 'queued')
    return (
      <main className={s.center}>
        <h1 className={s.title}>{outcome.name ? t('done.in', { name: outcome.name }) : t('common.done')}</h1>
        <p className={s.lead} role="status">
          {t('done.queued')}
        </p>
        <button className={s.primary} type="button" onClick={onHome}>
          {t('common.done')}
        </button>
      </main>
    );
  const { scan, action, replayed } = outcome.result;
  const badge = action === 'in' && scan.user_type !== null;
  return (
    <main className={s.center}>
      <h1 className={s.title} data-testid="done-title">
        {t(action === 'in' ? 'done.in' : 'done.out', { name: scan.full_name })}
      </h1>
      {replayed === 1 && <p className={s.muted}>{t('done.replayed')}</p>}
      <div className={s.row}>
        {badge && (
          <button className={s.ghost} type="button" onClick={() => window.print()}>
            {t('done.print')}
          </button>
        )}
        <button className={s.primary} type="button" onClick={onHome}>
          {t('common.done')}
        </button>
      </div>
      {badge && (
        <section className={s.badge} aria-hidden="true">
          {config.entity.logo && <img src={config.entity.logo} alt="" className={s.logo} />}
          <strong className={s.badgeName}>{scan.full_name}</strong>
          <span>{scan.user_type?.name}</span>
          <span>
            {t('badge.visitor')}: {scan.area?.name} · {new Date(scan.at).toLocaleString()}
          </span>
          <span dir="ltr">#{scan.user_id}</span>
        </section>
      )}
    </main>
  );
}
