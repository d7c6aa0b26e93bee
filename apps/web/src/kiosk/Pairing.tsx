import { useEffect, useState } from 'react';
import { deviceInfo } from '../lib/kiosk-device';
import { ApiError, call, OfflineError, saveDeviceToken } from './api';
import type { T } from './i18n';
import s from './kiosk.module.css';

interface Pending {
  registration_id: number;
  pairing_code: string;
  secret: string;
  poll_ms: number;
}
type Answer = { data: { status: 'registered'; device_token: string } | ({ status: 'pending' } & Pending) };
type Poll = { data: { status: 'registered'; device_token: string } | { status: 'waiting'; poll_ms: number } };

/**
 * Not paired: registers with a set-up file token (`?setup=`) at once, or shows a pairing code and polls until an
 * administrator adds the kiosk in the console; the device token is kept in localStorage.
 */
export function Pairing({ t, onPaired }: { t: T; onPaired: () => void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState<string>('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const setup = new URLSearchParams(location.search).get('setup');
    const done = (token: string) => {
      saveDeviceToken(token);
      history.replaceState(null, '', location.pathname);
      onPaired();
    };
    const retry = (ms: number) => {
      if (!stop) timer = setTimeout(() => setRound((r) => r + 1), ms);
    };
    (async () => {
      try {
        if (setup) {
          setNote(t('pair.setup'));
          const res = await call<Answer>('POST', '/api/kiosk-register', { ...deviceInfo(), registration_token: setup });
          if (res.data.status === 'registered') return done(res.data.device_token);
        }
        const start = await call<Answer>('POST', '/api/kiosk-register', deviceInfo());
        if (start.data.status !== 'pending' || stop) return;
        const p = start.data;
        setPending(p);
        setNote(t('pair.waiting'));
        const poll = async () => {
          if (stop) return;
          try {
            const res = await call<Poll>('POST', '/api/kiosk-register/poll', { registration_id: p.registration_id, secret: p.secret });
            if (res.data.status === 'registered') return done(res.data.device_token);
            timer = setTimeout(poll, res.data.poll_ms || p.poll_ms);
          } catch (err) {
            // An expired or used code: ask for a new one.
            if (err instanceof ApiError && err.status === 404) {
              setNote(t('pair.expired'));
              return retry(1000);
            }
            timer = setTimeout(poll, p.poll_ms);
          }
        };
        timer = setTimeout(poll, p.poll_ms);
      } catch (err) {
        setNote(err instanceof OfflineError ? t('error.offline') : (err as Error).message);
        retry(5000);
      }
    })();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [round, t, onPaired]);

  return (
    <main className={s.center}>
      <h1 className={s.title}>{t('pair.title')}</h1>
      <p className={s.lead}>{t('pair.code_hint')}</p>
      {pending && (
        <p className={s.code} data-testid="pairing-code" dir="ltr">
          {pending.pairing_code}
        </p>
      )}
      <p className={s.muted} role="status">
        {note}
      </p>
    </main>
  );
}
