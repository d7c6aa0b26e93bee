/**
 * Reading a QR code from the kiosk's camera. The browser's own BarcodeDetector where it has one (Chrome on Android
 * and ChromeOS, Edge); elsewhere (iPad Safari, desktop Chrome on Linux and Windows, Firefox) a JavaScript decoder,
 * jsQR, loaded only then: it is not in the bundle a kiosk loads at start.
 */

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: (new (opts: { formats: string[] }) => Detector) & { getSupportedFormats?: () => Promise<string[]> };
  }
}

/** Reads the QR code in a camera frame, or null when there is none. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The largest side a frame is decoded at: enough for a QR code held up to a kiosk, cheap on a tablet. */
const MAX_SIDE = 640;

/** The QR code in an RGBA image (a canvas frame, or a decoded picture), or null: jsQR, loaded on first use. */
export async function decodeQrPixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data || null;
}

async function nativeReader(): Promise<FrameReader | null> {
  const Native = window.BarcodeDetector;
  if (!Native) return null;
  const formats = await Native.getSupportedFormats?.().catch(() => [] as string[]);
  if (formats && !formats.includes('qr_code')) return null;
  const detector = new Native({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue || null;
}

function jsReader(): FrameReader {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!ctx || !video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return decodeQrPixels(frame.data, frame.width, frame.height);
  };
}

/** The reader this browser has: its BarcodeDetector for QR codes, else the JavaScript decoder. */
export async function frameReader(): Promise<FrameReader> {
  return (await nativeReader().catch(() => null)) ?? jsReader();
}
