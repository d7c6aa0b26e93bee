import { type ReactNode, useEffect, useState } from 'react';
import { call, type KioskConfig, type ScanResult } from './api';
import type { Lang } from './i18n';
import type { T } from './i18n';
import s from './kiosk.module.css';

export type Outcome = { kind: 'sent'; result: ScanResult } | { kind: 'queued'; name: string };

interface Badge {
  name: string;
  user_type: string | null;
  area: string | null;
  at: string;
  code: string;
  qr: string;
}

/** A screen that ends a visit to the kiosk goes back home after the kiosk's screen timeout (8 s unless set). */
export function useHomeAfterTimeout(config: KioskConfig, onHome: () => void) {
  useEffect(() => {
    const timer = setTimeout(onHome, (config.settings.screen_timeout_seconds ?? 8) * 1000);
    return () => clearTimeout(timer);
  }, [onHome, config.settings.screen_timeout_seconds]);
}

/**
 * The success screen with the person's name, and a badge with a QR code to print after a sign-in when the server
 * gives one (rule 102: never for default users, the server refuses those). Goes back home after a while.
 * `children` (the announcements for the person) show under the greeting, on the same screen.
 */
export function Done({ t, lang, outcome, config, onHome, children }: { t: T; lang: Lang; outcome: Outcome; config: KioskConfig; onHome: () => void; children?: ReactNode }) {
  const [badge, setBadge] = useState<Badge | null>(null);
  const scanId = outcome.kind === 'sent' && outcome.result.action === 'in' && !outcome.result.replayed ? outcome.result.scan.id : null;
  useEffect(() => {
    if (!scanId) return;
    let stale = false;
    call<{ data: Badge }>('GET', `/api/kiosk-app/badge/${scanId}`, undefined, lang)
      .then((res) => !stale && setBadge(res.data))
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [scanId, lang]);
  useHomeAfterTimeout(config, onHome);
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
  return (
    <main className={s.center}>
      <h1 className={s.title} data-testid="done-title">
        {t(action === 'in' ? 'done.in' : 'done.out', { name: scan.full_name })}
      </h1>
      {replayed === 1 && <p className={s.muted}>{t('done.replayed')}</p>}
      {children}
      <div className={s.row}>
        {badge && (
          <button data-testid="print-badge" className={s.ghost} type="button" onClick={() => window.print()}>
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
          <img src={badge.qr} alt="" className={s.qr} data-testid="badge-qr" />
          <strong className={s.badgeName}>{badge.name}</strong>
          <span>{badge.user_type}</span>
          <span>
            {t('badge.visitor')}: {badge.area} · {new Date(badge.at).toLocaleString(lang)}
          </span>
        </section>
      )}
    </main>
  );
}
