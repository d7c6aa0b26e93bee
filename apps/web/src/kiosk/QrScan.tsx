import { useEffect, useRef, useState } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (opts: { formats: string[] }) => Detector;
  }
}

/** The camera reads a QR code when the browser can (getUserMedia + BarcodeDetector); typing the code always works. */
export function QrScan({ t, onCode, onBack }: { t: T; onCode: (code: string) => void; onBack: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<boolean | null>(null);
  const [code, setCode] = useState('');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      if (!window.BarcodeDetector || !navigator.mediaDevices?.getUserMedia) return setCamera(false);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' } });
        if (stop || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setCamera(true);
        const detector = new window.BarcodeDetector({ formats: ['qr_code'] });
        const look = async () => {
          if (stop || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) return onCode(found[0].rawValue);
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
