import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, call, deviceToken, forgetDeviceToken, type Identity, type KioskConfig, OfflineError, type ScanResult } from './api';
import { Arrival, type ArrivalAnswers, type ArrivalAsks } from './Arrival';
import { connectCommands, type EmergencyMessage } from './commands';
import { KioskAnnouncements } from './Announcements';
import type { AnnouncementView } from '@gatehouse/contract';
import { Done, type Outcome } from './Done';
import { Home } from './Home';
import { applyLanguage, type Lang, translator } from './i18n';
import s from './kiosk.module.css';
import { log, setLogging } from './log';
import { NameSearch } from './NameSearch';
import { IdbQueueStorage, OfflineQueue, type QueueStorage } from './offline-queue';
import { Pairing } from './Pairing';
import { QrScan } from './QrScan';
import { Reason, type ReasonOption } from './Reason';
import { Visitor, type VisitorBody, stepOfField } from './Visitor';
import { identifierOf, whoFromCode, type Who } from './who';

type Screen =
  | { k: 'home' }
  | { k: 'qr' }
  | { k: 'name' }
  | { k: 'arrival'; who: Who; asks: ArrivalAsks }
  | { k: 'visitor' }
  | { k: 'reason'; who: Who; checks: ArrivalAnswers; reasons: ReasonOption[] }
  | { k: 'busy' }
  | { k: 'done'; outcome: Outcome }
  | { k: 'error'; message: string };

const CONFIG_KEY = 'gatehouse.kiosk.config';
const LANG_KEY = 'gatehouse.kiosk.lang';
const cachedConfig = (): KioskConfig | null => {
  try {
    return JSON.parse(localStorage.getItem(CONFIG_KEY) ?? 'null') as KioskConfig | null;
  } catch {
    return null;
  }
};

export function KioskApp({ storage }: { storage?: QueueStorage }) {
  const [paired, setPaired] = useState(() => !!deviceToken());
  const [config, setConfig] = useState<KioskConfig | null>(cachedConfig);
  const [lang, setLang] = useState<Lang>(() => (localStorage.getItem(LANG_KEY) as Lang | null) ?? config?.settings.language ?? 'en');
  const [screen, setScreen] = useState<Screen>({ k: 'home' });
  const [waiting, setWaiting] = useState(0);
  const [offline, setOffline] = useState(false);
  const [evacuation, setEvacuation] = useState<EmergencyMessage | null>(null);
  const [announcements, setAnnouncements] = useState<AnnouncementView[]>([]);
  const t = useMemo(() => translator(lang), [lang]);
  const langRef = useRef(lang);
  langRef.current = lang;
  useEffect(() => applyLanguage(lang), [lang]);

  const unpair = useCallback(() => {
    forgetDeviceToken();
    localStorage.removeItem(CONFIG_KEY);
    setConfig(null);
    setPaired(false);
  }, []);

  const queue = useMemo(
    () =>
      new OfflineQueue<{ data: ScanResult }>(
        storage ?? new IdbQueueStorage(),
        async (body, path) => {
          try {
            const res = await call<{ data: ScanResult }>('POST', path ?? '/api/kiosk-app/scan', body, langRef.current);
            setOffline(false);
            return res;
          } catch (err) {
            if (err instanceof OfflineError) setOffline(true);
            throw err;
          }
        },
        { onChange: setWaiting, onRejected: (item, err) => log('offline sign-in refused', item.key, err.message) },
      ),
    [storage],
  );

  const loadConfig = useCallback(async () => {
    try {
      const res = await call<{ data: KioskConfig }>('GET', '/api/kiosk-app/config', undefined, langRef.current);
      localStorage.setItem(CONFIG_KEY, JSON.stringify(res.data));
      setConfig(res.data);
      setOffline(false);
      const active = await call<{ data: AnnouncementView[] }>('GET', '/api/kiosk-app/announcements', undefined, langRef.current).catch(() => null);
      if (active) setAnnouncements(active.data);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) unpair();
      else if (err instanceof OfflineError) setOffline(true);
    }
  }, [unpair]);

  useEffect(() => {
    if (!paired) return;
    void loadConfig();
    void queue.count().then(setWaiting);
    const token = deviceToken();
    const close = token
      ? connectCommands(
          token,
          {
            'restart-app': () => location.reload(),
            refresh: loadConfig,
            'kiosk-logging': (payload) => setLogging(payload.enabled !== false && payload.enabled !== 0),
            'force-resync': async () => {
              const sent = await queue.flush();
              await loadConfig();
              return `sent ${sent} waiting sign-ins`;
            },
          },
          {
            onAuthFailed: unpair,
            onEmergency: (m) => setEvacuation(m.state === 'started' ? m : null),
            onConfigChanged: () => void loadConfig(),
          },
        )
      : () => undefined;
    // Send what waits whenever the server may be back.
    const retry = setInterval(() => void queue.count().then((n) => (n > 0 ? queue.flush() : 0)), 3000);
    const online = () => void queue.flush();
    window.addEventListener('online', online);
    return () => {
      close();
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [paired, loadConfig, queue, unpair]);

  const home = useCallback(() => setScreen({ k: 'home' }), []);
  const changeLang = (l: Lang) => {
    localStorage.setItem(LANG_KEY, l);
    setLang(l);
  };

  const submit = async (who: Who, checks: ArrivalAnswers = {}, reasonId?: number) => {
    setScreen({ k: 'busy' });
    try {
      const sent = await queue.submit({ ...identifierOf(who), input_method: who.input_method, action: 'toggle', ...checks, ...(reasonId ? { reason_id: reasonId } : {}) });
      log('sign-in', sent.status, who.input_method);
      setScreen({ k: 'done', outcome: sent.status === 'sent' ? { kind: 'sent', result: sent.result.data } : { kind: 'queued', name: who.name ?? '' } });
    } catch (err) {
      if (err instanceof ApiError && err.errors.reason_id && who.user_id && !reasonId) {
        const res = await call<{ data: ReasonOption[] }>('GET', `/api/kiosk-app/reasons/${who.user_id}${who.action ? `?action=${who.action}` : ''}`, undefined, lang).catch(() => null);
        if (res?.data.length) return setScreen({ k: 'reason', who, checks, reasons: res.data });
      }
      setScreen({ k: 'error', message: err instanceof ApiError ? err.message : t('error.offline') });
    }
  };

  /**
   * A person read or picked: the server says who it is and whether this signs them in (with the journey's checks)
   * or out. Offline, the journey's own checks apply and the sign-in waits in the queue.
   */
  const found = async (who: Who | null) => {
    if (!who) return;
    setScreen({ k: 'busy' });
    let asks: ArrivalAsks = { temperature: false, mask: false, flow: null, host: false, compliance: false };
    try {
      const res = await call<{ data: Identity }>('POST', '/api/kiosk-app/identify', identifierOf(who), langRef.current);
      setOffline(false);
      who = { ...who, user_id: res.data.user_id, name: res.data.name, action: res.data.action };
      if (res.data.action === 'in') {
        // The flow's host step and entry condition, when the server says the sign-in asks them.
        const flow = config?.journey?.flows.find((f) => f.id === res.data.journey_flow_id) ?? null;
        asks = { temperature: res.data.checks.temperature === 1, mask: res.data.checks.mask === 1, flow, host: res.data.host === 1, compliance: res.data.compliance === 1 };
      }
    } catch (err) {
      if (!(err instanceof OfflineError)) return setScreen({ k: 'error', message: err instanceof ApiError ? err.message : t('error.offline') });
      setOffline(true);
      const j = config?.journey;
      const temperature = j ? j.temperature_check === 1 : !!config?.settings.temperature_unit;
      const mask = j ? j.mask_check === 1 : !!config?.settings.temperature_unit;
      asks = { ...asks, temperature, mask };
    }
    if (asks.temperature || asks.mask || (asks.flow && (asks.host || (asks.compliance && asks.flow.compliance)))) setScreen({ k: 'arrival', who, asks });
    else void submit(who);
  };
  const onCode = useCallback((code: string) => void found(whoFromCode(code, 'qr')), [config]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A walk-in visitor registers and signs in (kept in the queue when the server is unreachable). */
  const registerVisitor = async (body: VisitorBody) => {
    try {
      const sent = await queue.submit({ ...body }, '/api/kiosk-app/visitor');
      setScreen({ k: 'done', outcome: sent.status === 'sent' ? { kind: 'sent', result: sent.result.data } : { kind: 'queued', name: `${body.first_name} ${body.last_name}` } });
    } catch (err) {
      if (!(err instanceof ApiError)) return { step: 'details' as const, message: t('error.offline') };
      const field = Object.keys(err.errors)[0];
      const messages = field ? err.errors[field] : [];
      const detail = messages.length && messages[0] !== err.message ? `${err.message} ${messages.join(' ')}` : err.message;
      return { step: field ? stepOfField(field) : ('details' as const), message: detail };
    }
  };

  // Left half-way (the person walked off): back home after the screen timeout without a touch or key.
  useEffect(() => {
    if (!['qr', 'name', 'arrival', 'reason', 'visitor'].includes(screen.k)) return;
    const ms = Math.max(config?.settings.screen_timeout_seconds ?? 45, 15) * 1000;
    let timer = setTimeout(home, ms);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(home, ms);
    };
    window.addEventListener('pointerdown', touched);
    window.addEventListener('keydown', touched);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', touched);
      window.removeEventListener('keydown', touched);
    };
  }, [screen.k, home, config?.settings.screen_timeout_seconds]);

  useEffect(() => {
    if (screen.k !== 'error') return;
    const timer = setTimeout(home, 6000);
    return () => clearTimeout(timer);
  }, [screen, home]);

  if (!paired) return <Pairing t={t} onPaired={() => setPaired(true)} />;
  if (evacuation)
    return (
      <main className={s.center} style={{ background: '#c92a2a', color: '#fff', minHeight: '100vh' }} role="alert" data-testid="evacuation">
        <h1 className={s.title}>{t('evacuate.title')}</h1>
        <p className={s.lead}>{t('evacuate.text')}</p>
        <p>
          {evacuation.name}
          {evacuation.drill ? ` · ${t('evacuate.drill')}` : ''}
        </p>
      </main>
    );
  if (!config)
    return (
      <main className={s.center}>
        <p className={s.muted}>{offline ? t('error.offline') : t('common.working')}</p>
      </main>
    );

  return (
    <div className={s.app}>
      {(offline || waiting > 0) && (
        <div className={s.offline} role="status" data-testid="offline-badge">
          {waiting > 0 ? t('offline.badge', { count: waiting }) : t('offline.none')}
        </div>
      )}
      {screen.k === 'home' && (
        <Home
          t={t}
          config={config}
          lang={lang}
          onLang={changeLang}
          onQr={() => setScreen({ k: 'qr' })}
          onName={() => setScreen({ k: 'name' })}
          onVisitor={config.journey?.flows.some((f) => f.walk_in === 1) ? () => setScreen({ k: 'visitor' }) : undefined}
          onCard={(d) => void found(whoFromCode(d, 'rfid'))}
        />
      )}
      {screen.k === 'qr' && <QrScan t={t} onCode={onCode} onBack={home} />}
      {screen.k === 'name' && <NameSearch t={t} lang={lang} exact={config.journey?.name_matching === 'private'} onPick={(who) => void found(who)} onBack={home} />}
      {screen.k === 'arrival' && (
        <Arrival t={t} lang={lang} unit={config.settings.temperature_unit ?? 'C'} asks={screen.asks} onDone={(c) => void submit(screen.who, c)} onBack={home} />
      )}
      {screen.k === 'visitor' && config.journey && (
        <Visitor t={t} lang={lang} journey={config.journey} unit={config.settings.temperature_unit ?? 'C'} onSubmit={registerVisitor} onBack={home} />
      )}
      {screen.k === 'reason' && <Reason t={t} reasons={screen.reasons} onPick={(id) => void submit(screen.who, screen.checks, id)} onBack={home} />}
      {screen.k === 'busy' && (
        <main className={s.center}>
          <p className={s.lead}>{t('common.working')}</p>
        </main>
      )}
      {screen.k === 'done' && <Done t={t} lang={lang} outcome={screen.outcome} config={config} onHome={home} />}
      {screen.k === 'done' && screen.outcome.kind === 'sent' && screen.outcome.result.action === 'in' ? (
        <KioskAnnouncements items={announcements} userTypeId={screen.outcome.result.scan.user_type?.id ?? null} lang={lang} />
      ) : null}
      {screen.k === 'error' && (
        <main className={s.center}>
          <h1 className={s.title}>{t('error.title')}</h1>
          <p className={s.error} role="alert">
            {screen.message}
          </p>
          <button className={s.primary} type="button" onClick={home}>
            {t('common.back')}
          </button>
        </main>
      )}
    </div>
  );
}
