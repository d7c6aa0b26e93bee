import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, call, deviceToken, forgetDeviceToken, type Identity, type KioskConfig, OfflineError, type ScanResult } from './api';
import { Awaiting } from './Awaiting';
import { Arrival, type ArrivalAnswers, type ArrivalAsks } from './Arrival';
import { Confirm } from './Confirm';
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
import { localizeConfig } from './words';

const NO_ASKS: ArrivalAsks = { temperature: false, mask: false, flow: null, host: false, compliance: false };
import { KIOSK_CONFIG_KEY, KIOSK_LANG_KEY } from '../lib/storage-keys';

type Screen =
  | { k: 'home' }
  | { k: 'qr' }
  | { k: 'name' }
  | { k: 'confirm'; who: Who; asks: ArrivalAsks | null; problem?: string; busy?: boolean }
  | { k: 'arrival'; who: Who; asks: ArrivalAsks }
  | { k: 'visitor' }
  | { k: 'reason'; who: Who; checks: ArrivalAnswers; reasons: ReasonOption[] }
  | { k: 'busy' }
  | { k: 'done'; outcome: Outcome }
  | { k: 'awaiting'; name: string }
  | { k: 'error'; message: string };

const cachedConfig = (): KioskConfig | null => {
  try {
    return JSON.parse(localStorage.getItem(KIOSK_CONFIG_KEY) ?? 'null') as KioskConfig | null;
  } catch {
    return null;
  }
};

export function KioskApp({ storage }: { storage?: QueueStorage }) {
  const [paired, setPaired] = useState(() => !!deviceToken());
  const [stored, setConfig] = useState<KioskConfig | null>(cachedConfig);
  const [lang, setLang] = useState<Lang>(() => (localStorage.getItem(KIOSK_LANG_KEY) as Lang | null) ?? stored?.settings.language ?? 'en');
  /** The configuration in the kiosk's language (user types, custom fields and entry conditions as translated). */
  const config = useMemo(() => stored && localizeConfig(stored, lang), [stored, lang]);
  const [screen, setScreen] = useState<Screen>({ k: 'home' });
  const [waiting, setWaiting] = useState(0);
  const [offline, setOffline] = useState(false);
  const [evacuation, setEvacuation] = useState<EmergencyMessage | null>(null);
  const [announcements, setAnnouncements] = useState<AnnouncementView[]>([]);
  const t = useMemo(() => translator(lang), [lang]);
  const langRef = useRef(lang);
  langRef.current = lang;
  const offlineRef = useRef(offline);
  offlineRef.current = offline;
  useEffect(() => applyLanguage(lang), [lang]);

  const unpair = useCallback(() => {
    forgetDeviceToken();
    localStorage.removeItem(KIOSK_CONFIG_KEY);
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

  /** The active announcements in the kiosk's language (the server answers them translated); a late answer in a language left meanwhile is dropped. */
  const loadAnnouncements = useCallback(async () => {
    const asked = langRef.current;
    const active = await call<{ data: AnnouncementView[] }>('GET', '/api/kiosk-app/announcements', undefined, asked).catch(() => null);
    if (active && asked === langRef.current) setAnnouncements(active.data);
  }, []);

  const loadConfig = useCallback(async () => {
    try {
      const res = await call<{ data: KioskConfig }>('GET', '/api/kiosk-app/config', undefined, langRef.current);
      localStorage.setItem(KIOSK_CONFIG_KEY, JSON.stringify(res.data));
      setConfig(res.data);
      setOffline(false);
      await loadAnnouncements();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) unpair();
      else if (err instanceof OfflineError) setOffline(true);
    }
  }, [unpair, loadAnnouncements]);

  /**
   * `config-changed` (docs/kiosk-protocol.md): the configuration is loaded again after a random moment of up to two
   * seconds (a whole organisation's kiosks do not ask at once), once for a burst of changes.
   */
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    if (reloadTimer.current) return;
    reloadTimer.current = setTimeout(() => {
      reloadTimer.current = undefined;
      void loadConfig();
    }, Math.random() * 2000);
  }, [loadConfig]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

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
            onConfigChanged: reloadSoon,
          },
        )
      : () => undefined;
    // Send what waits whenever the server may be back; while it cannot be reached, ask now and then whether it is.
    let tick = 0;
    const retry = setInterval(() => {
      tick += 1;
      void queue.count().then(async (n) => {
        if (n > 0) await queue.flush();
        else if (offlineRef.current && tick % 3 === 0) await loadConfig();
      });
    }, 3000);
    const online = () => void queue.flush();
    window.addEventListener('online', online);
    return () => {
      close();
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [paired, loadConfig, queue, unpair, reloadSoon]);

  const home = useCallback(() => setScreen({ k: 'home' }), []);
  const changeLang = (l: Lang) => {
    localStorage.setItem(KIOSK_LANG_KEY, l);
    langRef.current = l;
    setLang(l);
    // Announcements are shown after the sign-in that follows: in the language just picked.
    if (paired) void loadAnnouncements();
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

  /** What a sign-in asks, as the server said when it identified the person (the flow's host step and entry condition when due). */
  const asksOf = (identity: Identity): ArrivalAsks => {
    if (identity.action !== 'in') return NO_ASKS;
    const flow = config?.journey?.flows.find((f) => f.id === identity.journey_flow_id) ?? null;
    return { temperature: identity.checks.temperature === 1, mask: identity.checks.mask === 1, flow, host: identity.host === 1, compliance: identity.compliance === 1 };
  };
  /** Offline, the journey's own checks apply and the sign-in waits in the queue. */
  const offlineAsks = (): ArrivalAsks => {
    const j = config?.journey;
    return { ...NO_ASKS, temperature: j ? j.temperature_check === 1 : !!config?.settings.temperature_unit, mask: j ? j.mask_check === 1 : !!config?.settings.temperature_unit };
  };
  /** On to the checks, host and entry condition asked, or straight to the sign-in. */
  const proceed = (who: Who, asks: ArrivalAsks) => {
    if (asks.temperature || asks.mask || (asks.flow && (asks.host || (asks.compliance && asks.flow.compliance)))) setScreen({ k: 'arrival', who, asks });
    else void submit(who);
  };
  const identify = (who: Who) => call<{ data: Identity }>('POST', '/api/kiosk-app/identify', identifierOf(who), langRef.current);
  const named = (who: Who, identity: Identity): Who => ({ ...who, user_id: identity.user_id, name: identity.name, action: identity.action });

  /**
   * A person read or picked: the server says who it is and whether this signs them in or out. A QR code or card
   * goes on at once; a name picked waits for the person to confirm it is them (with their quick pass code where
   * their flow asks one), so that nobody is signed in or out by a tap on someone else's name.
   */
  const found = async (who: Who | null) => {
    if (!who) return;
    if (who.input_method === 'name' && who.asksCode) return setScreen({ k: 'confirm', who, asks: null });
    setScreen({ k: 'busy' });
    try {
      const res = await identify(who);
      setOffline(false);
      const asks = asksOf(res.data);
      who = named(who, res.data);
      if (who.input_method === 'name') return setScreen({ k: 'confirm', who, asks });
      proceed(who, asks);
    } catch (err) {
      if (err instanceof ApiError && err.errors.quick_pass && who.input_method === 'name') return setScreen({ k: 'confirm', who: { ...who, asksCode: true }, asks: null });
      if (!(err instanceof OfflineError)) return setScreen({ k: 'error', message: err instanceof ApiError ? err.message : t('error.offline') });
      setOffline(true);
      if (who.input_method === 'name') return setScreen({ k: 'confirm', who, asks: offlineAsks() });
      proceed(who, offlineAsks());
    }
  };

  /** The person confirmed it is them: with their quick pass code, the server checks it first. */
  const confirmed = async (screen: Extract<Screen, { k: 'confirm' }>, quickPass?: string) => {
    if (!quickPass && screen.asks) return proceed(screen.who, screen.asks);
    const who = { ...screen.who, quick_pass: quickPass };
    setScreen({ ...screen, who, busy: true, problem: undefined });
    try {
      const res = await identify(who);
      setOffline(false);
      proceed(named(who, res.data), asksOf(res.data));
    } catch (err) {
      if (err instanceof ApiError && err.errors.quick_pass) return setScreen({ ...screen, who, busy: false, problem: err.errors.quick_pass[0] });
      if (!(err instanceof OfflineError)) return setScreen({ k: 'error', message: err instanceof ApiError ? err.message : t('error.offline') });
      setOffline(true);
      proceed(who, offlineAsks());
    }
  };
  const onCode = useCallback((code: string) => void found(whoFromCode(code, 'qr')), [config]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A walk-in visitor registers and signs in (kept in the queue when the server is unreachable). */
  const registerVisitor = async (body: VisitorBody) => {
    try {
      const sent = await queue.submit({ ...body }, '/api/kiosk-app/visitor');
      setScreen({ k: 'done', outcome: sent.status === 'sent' ? { kind: 'sent', result: sent.result.data } : { kind: 'queued', name: `${body.first_name} ${body.last_name}` } });
    } catch (err) {
      if (!(err instanceof ApiError)) return { step: 'details' as const, message: t('error.offline') };
      // Registered, waiting for the host (rule 155): not a refusal of what they typed.
      if (err.code === 'walk_in_awaiting_approval') return setScreen({ k: 'awaiting', name: body.first_name });
      const field = Object.keys(err.errors)[0];
      const messages = field ? err.errors[field] : [];
      const detail = messages.length && messages[0] !== err.message ? `${err.message} ${messages.join(' ')}` : err.message;
      return { step: field ? stepOfField(field) : ('details' as const), message: detail };
    }
  };

  // Left half-way (the person walked off): back home after the screen timeout without a touch or key.
  useEffect(() => {
    if (!['qr', 'name', 'confirm', 'arrival', 'reason', 'visitor'].includes(screen.k)) return;
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
      {offline && (
        <p className={s.offlineBanner} role="status" data-testid="offline-banner">
          {t('offline.banner')}
          {waiting > 0 && ` ${t('offline.waiting', { count: waiting })}`}
        </p>
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
      {screen.k === 'confirm' && <Confirm t={t} who={screen.who} problem={screen.problem} busy={screen.busy} onConfirm={(code) => void confirmed(screen, code)} onBack={home} />}
      {screen.k === 'arrival' && (
        <Arrival
          t={t}
          lang={lang}
          unit={config.settings.temperature_unit ?? 'C'}
          threshold={config.journey?.temperature_threshold}
          asks={screen.asks}
          onDone={(c) => void submit(screen.who, c)}
          onBack={home}
        />
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
      {screen.k === 'awaiting' && <Awaiting t={t} name={screen.name} config={config} onHome={home} />}
      {screen.k === 'done' && (
        // The announcements for the person who just signed in, on the greeting's screen (not below it, out of sight).
        <Done t={t} lang={lang} outcome={screen.outcome} config={config} onHome={home}>
          {screen.outcome.kind === 'sent' && screen.outcome.result.action === 'in' ? (
            <KioskAnnouncements t={t} items={announcements} userTypeId={screen.outcome.result.scan.user_type?.id ?? null} lang={lang} />
          ) : null}
        </Done>
      )}
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
