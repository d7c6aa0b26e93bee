/**
 * A small CBOR (RFC 8949) decoder and the few encodings COSE needs. Enough for EU digital COVID certificates:
 * integers, byte and text strings, arrays, maps, tags, simple values and floats. Indefinite lengths are refused.
 */
export class Tagged {
  constructor(
    public tag: number,
    public value: unknown,
  ) {}
}

export function decodeCbor(data: Uint8Array): unknown {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let pos = 0;
  const need = (n: number) => {
    if (pos + n > data.length) throw new Error('cbor: truncated');
  };
  const length = (info: number): number => {
    if (info < 24) return info;
    if (info === 24) return need(1), data[pos++];
    if (info === 25) return need(2), (pos += 2), view.getUint16(pos - 2);
    if (info === 26) return need(4), (pos += 4), view.getUint32(pos - 4);
    if (info === 27) {
      need(8);
      pos += 8;
      const big = view.getBigUint64(pos - 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('cbor: integer too large');
      return Number(big);
    }
    throw new Error('cbor: indefinite or reserved length');
  };
  const item = (depth: number): unknown => {
    if (depth > 64) throw new Error('cbor: too deep');
    need(1);
    const first = data[pos++];
    const major = first >> 5;
    const info = first & 31;
    if (major === 7) {
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22 || info === 23) return null;
      if (info === 25) {
        need(2);
        const h = view.getUint16(pos);
        pos += 2;
        const exp = (h >> 10) & 31;
        const mant = h & 1023;
        const v = exp === 0 ? mant * 2 ** -24 : exp === 31 ? (mant ? NaN : Infinity) : (mant + 1024) * 2 ** (exp - 25);
        return h & 0x8000 ? -v : v;
      }
      if (info === 26) return need(4), (pos += 4), view.getFloat32(pos - 4);
      if (info === 27) return need(8), (pos += 8), view.getFloat64(pos - 8);
      return length(info);
    }
    const n = length(info);
    switch (major) {
      case 0:
        return n;
      case 1:
        return -1 - n;
      case 2:
        need(n);
        return data.slice(pos, (pos += n));
      case 3:
        need(n);
        return new TextDecoder().decode(data.slice(pos, (pos += n)));
      case 4:
        return Array.from({ length: n }, () => item(depth + 1));
      case 5: {
        const m = new Map<unknown, unknown>();
        for (let i = 0; i < n; i++) m.set(item(depth + 1), item(depth + 1));
        return m;
      }
      default:
        return new Tagged(n, item(depth + 1));
    }
  };
  const out = item(0);
  if (pos !== data.length) throw new Error('cbor: trailing bytes');
  return out;
}

const head = (major: number, n: number) => {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
};

/** Encodes text, byte strings, non-negative and negative integers, arrays, maps and tags (for building COSE). */
export function encodeCbor(v: unknown): Buffer {
  if (typeof v === 'number' && Number.isInteger(v)) return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(encodeCbor)]);
  if (v instanceof Map) return Buffer.concat([head(5, v.size), ...[...v.entries()].flatMap(([k, x]) => [encodeCbor(k), encodeCbor(x)])]);
  if (v instanceof Tagged) return Buffer.concat([head(6, v.tag), encodeCbor(v.value)]);
  if (v && typeof v === 'object') return encodeCbor(new Map(Object.entries(v)));
  if (typeof v === 'boolean') return Buffer.from([v ? 0xf5 : 0xf4]);
  if (v === null) return Buffer.from([0xf6]);
  throw new Error('cbor: cannot encode');
}
