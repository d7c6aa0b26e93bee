import { useEffect, useRef } from 'react';
import type { KioskConfig } from './api';
import { LANG_NAMES, LANGS, type Lang, type T } from './i18n';
import s from './kiosk.module.css';

/**
 * The paired kiosk's home: organisation and area, the ways in (QR, name, a walk-in visitor) and a focused hidden
 * input that takes a keyboard-wedge reader's value and Enter (an RFID card, or a QR code from a wedge QR scanner).
 */
export function Home({
  t,
  config,
  lang,
  onLang,
  onQr,
  onName,
  onVisitor,
  onCard,
}: {
  t: T;
  config: KioskConfig;
  lang: Lang;
  onLang: (l: Lang) => void;
  onQr: () => void;
  onName: () => void;
  /** Offered when the kiosk's journey takes walk-in visitors. */
  onVisitor?: () => void;
  onCard: (digits: string) => void;
}) {
  const reader = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Keep the reader's input focused unless the person is using another control.
    const focus = () => {
      if (!document.activeElement || document.activeElement === document.body) reader.current?.focus();
    };
    focus();
    const timer = setInterval(focus, 500);
    return () => clearInterval(timer);
  }, []);

  return (
    <main className={s.center}>
      <header className={s.brand}>
        {config.entity.logo && <img src={config.entity.logo} alt="" className={s.logo} />}
        <div>
          <h1 className={s.title}>{config.entity.name}</h1>
          <p className={s.muted} data-testid="area-name">
            {[config.site?.name, config.area?.name].filter(Boolean).join(' · ')}
          </p>
        </div>
      </header>
      <h2 className={s.lead}>{t('home.choose')}</h2>
      {!config.area && <p className={s.error}>{t('home.no_area')}</p>}
      <div className={s.ways}>
        <button className={s.way} type="button" onClick={onQr} disabled={!config.area}>
          <span aria-hidden="true">▦</span>
          {t('home.qr')}
        </button>
        <button className={s.way} type="button" onClick={onName} disabled={!config.area}>
          <span aria-hidden="true">⌕</span>
          {t('home.name')}
        </button>
        {onVisitor && (
          <button className={s.way} type="button" onClick={onVisitor} disabled={!config.area}>
            <span aria-hidden="true">＋</span>
            {t('home.visitor')}
          </button>
        )}
      </div>
      {config.journey?.instruction && <p className={s.muted}>{config.journey.instruction}</p>}
      <p className={s.muted}>{t('home.rfid_hint')}</p>
      <input
        ref={reader}
        className={s.reader}
        aria-label="RFID"
        data-testid="rfid-input"
        autoComplete="off"
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          const digits = e.currentTarget.value.trim();
          e.currentTarget.value = '';
          if (digits) onCard(digits);
        }}
      />
      <nav className={s.langs} aria-label={t('lang.label')}>
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            className={l === lang ? s.primary : s.ghost}
            aria-pressed={l === lang}
            onClick={() => {
              onLang(l);
              // A card tapped next is read by the reader, not typed into this button (Enter would pick the language again).
              reader.current?.focus();
            }}
            lang={l}
          >
            {LANG_NAMES[l]}
          </button>
        ))}
      </nav>
    </main>
  );
}
