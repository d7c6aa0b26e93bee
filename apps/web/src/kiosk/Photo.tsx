import { useEffect, useRef, useState } from 'react';
import type { T } from './i18n';
import s from './kiosk.module.css';

/** The photo is a 480 × 640 JPEG (the server takes 250-4096 px wide, 300-2688 px high: rule 140). */
const W = 480;
const H = 640;

/**
 * The visitor's photo from the kiosk's camera: a live picture, "take", then "retake" or continue. Without a
 * camera (none, or refused) the visitor continues without a photo; when the user type does not ask for one, it can be skipped.
 */
export function Photo({ t, optional, onDone, onBack }: { t: T; optional: boolean; onDone: (image: string | null) => void; onBack: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<boolean | null>(null);
  const [shot, setShot] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stop = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setCamera(false);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 960 }, height: { ideal: 1280 } } });
        if (stop || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setCamera(true);
      } catch {
        setCamera(false);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, []);

  const take = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = W;
    canvas.height = H;
    // Crop the middle of the picture to a portrait.
    const scale = Math.max(W / v.videoWidth, H / v.videoHeight);
    const sw = W / scale;
    const sh = H / scale;
    canvas.getContext('2d')!.drawImage(v, (v.videoWidth - sw) / 2, (v.videoHeight - sh) / 2, sw, sh, 0, 0, W, H);
    setShot(canvas.toDataURL('image/jpeg', 0.85));
  };

  return (
    <main className={s.center}>
      <h1 className={s.title}>{t('photo.title')}</h1>
      {shot ? <img src={shot} alt={t('photo.title')} className={s.video} /> : <video ref={video} className={s.video} hidden={!camera} muted playsInline />}
      {camera === false && <p className={s.muted}>{t('photo.no_camera')}</p>}
      <div className={s.row}>
        <button className={s.ghost} type="button" onClick={onBack}>
          {t('common.back')}
        </button>
        {camera && !shot && (
          <button className={s.primary} type="button" onClick={take}>
            {t('photo.take')}
          </button>
        )}
        {shot && (
          <button className={s.ghost} type="button" onClick={() => setShot(null)}>
            {t('photo.retake')}
          </button>
        )}
        {camera && !shot && optional && (
          <button className={s.ghost} type="button" onClick={() => onDone(null)}>
            {t('photo.skip')}
          </button>
        )}
        {(shot || camera === false) && (
          <button className={s.primary} type="button" onClick={() => onDone(shot)}>
            {t('common.next')}
          </button>
        )}
      </div>
    </main>
  );
}
