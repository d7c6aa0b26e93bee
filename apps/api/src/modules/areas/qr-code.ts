import QRCode from 'qrcode';

/** The printable QR code of an area: it carries the area's public sign-in address. */
export async function areaQrCode(publicUrl: string, code: string) {
  const url = `${publicUrl.replace(/\/$/, '')}/area/${code}`;
  const dataUrl = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 512 });
  return { url, dataUrl };
}
