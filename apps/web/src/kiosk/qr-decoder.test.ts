import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrPixels } from './qr-decoder';

/** A PNG as the server draws badges and visit links (qrcode, as in kiosk-app/badge.ts), decoded to RGBA. */
async function qrPng(text: string) {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: 'png', width: 256, margin: 1, errorCorrectionLevel: 'M' }));
  return { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
}

/** A camera-like frame: grey, a little noise, the code held off-centre and dimmed, as a person holds a phone. */
function inFrame(qr: { data: Uint8ClampedArray; width: number; height: number }, width = 640, height = 480) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 25) - 12;
  for (let i = 0; i < data.length; i += 4) {
    const v = 140 + noise();
    data.set([v, v, v, 255], i);
  }
  const [ox, oy] = [260, 150];
  for (let y = 0; y < qr.height; y++)
    for (let x = 0; x < qr.width; x++) {
      const from = (y * qr.width + x) * 4;
      const v = Math.round(qr.data[from] * 0.8 + 20 + noise());
      data.set([v, v, v, 255], ((oy + y) * width + ox + x) * 4);
    }
  return { data, width, height };
}

describe('the JavaScript QR decoder (browsers without BarcodeDetector)', () => {
  it("reads a badge's QR code from a real PNG, alone and held in a camera frame", async () => {
    const badge = 'gatehouse:p:0123456789abcdef0123456789abcdef';
    const png = await qrPng(badge);
    expect(await decodeQrPixels(png.data, png.width, png.height)).toBe(badge);
    const frame = inFrame(png);
    expect(await decodeQrPixels(frame.data, frame.width, frame.height)).toBe(badge);
  });

  it("reads a visit link's QR code (the confirmation mail's), and finds nothing in a frame without one", async () => {
    const link = 'https://gatehouse.example/c/Wm9pLXRlc3QtbGluay10b2tlbi0xMjM0NTY3ODkwYWJj';
    const png = await qrPng(link);
    expect(await decodeQrPixels(png.data, png.width, png.height)).toBe(link);
    const empty = inFrame({ data: new Uint8ClampedArray(0), width: 0, height: 0 });
    expect(await decodeQrPixels(empty.data, empty.width, empty.height)).toBeNull();
  });
});
