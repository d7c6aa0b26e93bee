import { useEffect, useRef, useState } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';
import { frameReader } from './qr-decoder';

/**
 * The camera reads a QR code wherever the browser gives a camera (getUserMedia): through its BarcodeDetector, or the
 * JavaScript decoder where it has none (qr-decoder.ts); typing the code always works.
 */
export function QrScan({ t, onCode, onBack }: { t: T; onCode: (code: string) => void; onBack: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<boolean | null>(null);
  const [code, setCode] = useState('');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setCamera(false);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' } });
        if (stop || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setCamera(true);
        const read = await frameReader();
        const look = async () => {
          if (stop || !video.current) return;
          const code = await read(video.current).catch(() => null);
          if (stop) return;
          if (code) return onCode(code);
          timer = setTimeout(look, 250);
        };
        void look();
      } catch {
        setCamera(false);
      }
    })();
    return () => {
      stop = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [onCode]);

  return (
    <main className={s.center}>
      <h1 className={s.title}>{t('qr.title')}</h1>
      <video ref={video} className={s.video} hidden={!camera} muted playsInline />
      {camera === false && <p className={s.muted}>{t('qr.no_camera')}</p>}
      <form
        className={s.row}
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) onCode(code);
        }}
      >
        <label className={s.field}>
          <span>{t('qr.manual')}</span>
          <input className={s.input} value={code} onChange={(e) => setCode(e.target.value)} aria-label={t('qr.code')} autoComplete="off" dir="ltr" />
        </label>
        <button className={s.primary} type="submit">
          {t('common.next')}
        </button>
      </form>
      <button className={s.ghost} type="button" onClick={onBack}>
        {t('common.back')}
      </button>
    </main>
  );
}
