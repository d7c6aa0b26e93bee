import { type RefObject, useEffect, useState } from 'react';

/** The browser's QR reader (Shape Detection API), where it has one: Chromium on Android, macOS and ChromeOS, Safari 17+ with the flag. */
interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;
const detectorClass = () => (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether QR codes can be read from pictures here (the camera also needs getUserMedia). */
export const canReadQr = () => !!detectorClass();
export const canScanQr = () => canReadQr() && !!globalThis.navigator?.mediaDevices?.getUserMedia;

/** The text of the first QR code in a picture, or null when none is found (or the browser cannot read QR codes). */
export async function readQrFromImage(file: Blob): Promise<string | null> {
  const Detector = detectorClass();
  if (!Detector) return null;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  try {
    const found = await new Detector({ formats: ['qr_code'] }).detect(bitmap);
    return found[0]?.rawValue ?? null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

/**
 * Reads QR codes from the back camera into `video` while `active`, calling `onCode` with the first one found.
 * Returns 'starting', 'on', or 'off' (no camera, no permission or no QR reader).
 */
export function useQrCamera(video: RefObject<HTMLVideoElement | null>, active: boolean, onCode: (code: string) => void) {
  const [state, setState] = useState<'starting' | 'on' | 'off'>('starting');
  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const Detector = detectorClass();
      if (!Detector || !navigator.mediaDevices?.getUserMedia) return setState('off');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stop || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setState('on');
        const detector = new Detector({ formats: ['qr_code'] });
        const look = async () => {
          if (stop || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) return onCode(found[0].rawValue);
          timer = setTimeout(look, 250);
        };
        void look();
      } catch {
        if (!stop) setState('off');
      }
    })();
    return () => {
      stop = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [video, active, onCode]);
  return state;
}
