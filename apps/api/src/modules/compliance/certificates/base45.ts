/** Base45 (RFC 9285), the alphabet of EU digital COVID certificate QR codes. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

export function base45Encode(data: Uint8Array): string {
  let out = '';
  for (let i = 0; i < data.length; i += 2) {
    if (i + 1 < data.length) {
      let x = data[i] * 256 + data[i + 1];
      for (let k = 0; k < 3; k++) {
        out += ALPHABET[x % 45];
        x = Math.floor(x / 45);
      }
    } else {
      let x = data[i];
      for (let k = 0; k < 2; k++) {
        out += ALPHABET[x % 45];
        x = Math.floor(x / 45);
      }
    }
  }
  return out;
}

export function base45Decode(text: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 3) {
    const chunk = text.slice(i, i + 3);
    if (chunk.length < 2) throw new Error('base45: bad length');
    let x = 0;
    for (let k = chunk.length - 1; k >= 0; k--) {
      const d = ALPHABET.indexOf(chunk[k]);
      if (d < 0) throw new Error('base45: bad character');
      x = x * 45 + d;
    }
    if (chunk.length === 3) {
      if (x > 0xffff) throw new Error('base45: overflow');
      out.push(x >> 8, x & 255);
    } else {
      if (x > 0xff) throw new Error('base45: overflow');
      out.push(x);
    }
  }
  return Buffer.from(out);
}
