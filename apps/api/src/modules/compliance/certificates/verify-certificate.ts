import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { base45Decode } from './base45';
import { decodeCbor, encodeCbor, Tagged } from './cbor';

export interface TrustKey {
  kind: 'pem' | 'jwks';
  keyId: string | null;
  content: string;
}

/** Document statuses of the documents' vaccine or PCR model. */
export type CertificateStatus = 'vaccinated' | 'negative PCR' | 'positive PCR' | 'expired' | 'unchecked' | 'not supported';

export interface CertificateResult {
  protocol: 'eu_dcc' | 'smart_health_card';
  type: 'covid_vaccine' | 'test' | 'recovery';
  verified: boolean;
  status: CertificateStatus;
  holderName: string | null;
  dateOfBirth: string | null;
  dateTaken: string | null;
  expiryDate: string | null;
  issuer: string | null;
  notes: string | null;
}

const DAY = 86_400_000;
const MAX_INFLATE = 200_000;
const NOT_DETECTED = new Set(['260415000', '260385009']);
const DETECTED = new Set(['260373001', '10828004']);

/** CBOR maps (and nested ones) as plain objects with string keys. */
function plain(v: unknown): unknown {
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return v;
}

const pemKey = (k: TrustKey): KeyObject | null => {
  try {
    return createPublicKey(k.content);
  } catch {
    return null;
  }
};

/** Checks that a configured trust-list entry is a usable EC public key (PEM) or a JWKS of them. */
export function trustKeyValid(kind: 'pem' | 'jwks', content: string): boolean {
  try {
    if (kind === 'pem') return createPublicKey(content).asymmetricKeyType === 'ec';
    const jwks = JSON.parse(content) as { keys?: unknown[] };
    return Array.isArray(jwks.keys) && jwks.keys.length > 0 && jwks.keys.every((k) => createPublicKey({ key: k as never, format: 'jwk' }).asymmetricKeyType === 'ec');
  } catch {
    return false;
  }
}

/** Test validity (rule 209's PCR valid days) and vaccination status from a date and result. */
function testStatus(result: 'negative' | 'positive' | null, takenAt: string | null, pcrValidDays: number, now: Date): { status: CertificateStatus; expiry: string | null } {
  if (result === 'positive') return { status: 'positive PCR', expiry: null };
  if (result !== 'negative' || !takenAt) return { status: 'not supported', expiry: null };
  const expiry = new Date(new Date(takenAt).getTime() + pcrValidDays * DAY);
  return { status: expiry <= now ? 'expired' : 'negative PCR', expiry: expiry.toISOString().slice(0, 10) };
}

/** EU digital COVID certificate: HC1: + base45 -> zlib -> COSE_Sign1 -> CBOR web token, ES256 against PEM keys. */
export function verifyDcc(payload: string, keys: TrustKey[], pcrValidDays: number, now = new Date()): CertificateResult {
  const zipped = base45Decode(payload.trim().slice(4));
  const raw = zipped[0] === 0x78 ? inflateSync(zipped, { maxOutputLength: MAX_INFLATE }) : zipped;
  let cose = decodeCbor(raw);
  if (cose instanceof Tagged) cose = cose.value;
  if (!Array.isArray(cose) || cose.length !== 4) throw new Error('not a COSE_Sign1');
  const [protectedBytes, unprotected, body, signature] = cose as [Uint8Array, Map<number, unknown>, Uint8Array, Uint8Array];
  const prot = protectedBytes.length ? (decodeCbor(protectedBytes) as Map<number, unknown>) : new Map<number, unknown>();
  const alg = prot.get(1);
  const kidBytes = (prot.get(4) ?? unprotected?.get?.(4)) as Uint8Array | undefined;
  const kid = kidBytes ? Buffer.from(kidBytes).toString('base64') : null;
  const toBeSigned = encodeCbor(['Signature1', protectedBytes, new Uint8Array(0), body]);
  const candidates = keys.filter((k) => k.kind === 'pem' && (!k.keyId || !kid || k.keyId === kid));
  const verified = alg === -7 && candidates.some((k) => {
    const key = pemKey(k);
    return !!key && verify('sha256', toBeSigned, { key, dsaEncoding: 'ieee-p1363' }, signature);
  });
  const cwt = decodeCbor(body) as Map<number, unknown>;
  const exp = typeof cwt.get(4) === 'number' ? new Date((cwt.get(4) as number) * 1000) : null;
  const hcertMap = (cwt.get(-260) as Map<number, unknown> | undefined)?.get(1);
  const hcert = plain(hcertMap) as { nam?: { fn?: string; gn?: string }; dob?: string; v?: { dt?: string }[]; t?: { sc?: string; tr?: string }[]; r?: { fr?: string; du?: string }[] };
  if (!hcert) throw new Error('no health certificate');
  const base = {
    protocol: 'eu_dcc' as const,
    verified,
    holderName: [hcert.nam?.gn, hcert.nam?.fn].filter(Boolean).join(' ') || null,
    dateOfBirth: hcert.dob ?? null,
    issuer: typeof cwt.get(1) === 'string' ? (cwt.get(1) as string) : null,
    notes: kid ? `kid ${kid}` : null,
  };
  const certExpired = !!exp && exp <= now;
  if (hcert.t?.length) {
    const t = hcert.t[0];
    const s = testStatus(t.tr && NOT_DETECTED.has(t.tr) ? 'negative' : t.tr && DETECTED.has(t.tr) ? 'positive' : null, t.sc ?? null, pcrValidDays, now);
    return { ...base, type: 'test', status: !verified ? 'unchecked' : certExpired ? 'expired' : s.status, dateTaken: t.sc?.slice(0, 10) ?? null, expiryDate: s.expiry };
  }
  if (hcert.v?.length) {
    const v = hcert.v[hcert.v.length - 1];
    return { ...base, type: 'covid_vaccine', status: !verified ? 'unchecked' : certExpired ? 'expired' : 'vaccinated', dateTaken: v.dt ?? null, expiryDate: exp?.toISOString().slice(0, 10) ?? null };
  }
  const r = hcert.r?.[0];
  return { ...base, type: 'recovery', status: !verified ? 'unchecked' : 'not supported', dateTaken: r?.fr ?? null, expiryDate: r?.du ?? null };
}

const b64url = (s: string) => Buffer.from(s, 'base64url');

interface FhirEntry {
  resource?: {
    resourceType?: string;
    name?: { given?: string[]; family?: string }[];
    birthDate?: string;
    occurrenceDateTime?: string;
    status?: string;
    effectiveDateTime?: string;
    valueCodeableConcept?: { coding?: { code?: string }[] };
  };
}

/** SMART Health Card: shc:/ numeric -> JWS compact, raw DEFLATE payload, ES256 against the issuer's configured JWKS. */
export function verifyShc(payload: string, keys: TrustKey[], pcrValidDays: number, now = new Date()): CertificateResult {
  const digits = payload.trim().slice(5);
  if (!/^(\d\d)+$/.test(digits)) throw new Error('bad numeric payload');
  const jws = (digits.match(/\d\d/g) ?? []).map((d) => String.fromCharCode(Number(d) + 45)).join('');
  const [h, p, s] = jws.split('.');
  if (!h || !p || !s) throw new Error('not a JWS');
  const header = JSON.parse(b64url(h).toString('utf8')) as { alg?: string; zip?: string; kid?: string };
  const bodyBytes = header.zip === 'DEF' ? inflateRawSync(b64url(p), { maxOutputLength: MAX_INFLATE }) : b64url(p);
  const body = JSON.parse(bodyBytes.toString('utf8')) as { iss?: string; nbf?: number; exp?: number; vc?: { credentialSubject?: { fhirBundle?: { entry?: FhirEntry[] } } } };
  let verified = false;
  if (header.alg === 'ES256') {
    for (const k of keys.filter((x) => x.kind === 'jwks' && (!x.keyId || x.keyId === body.iss))) {
      try {
        const jwks = JSON.parse(k.content) as { keys: { kid?: string }[] };
        for (const jwk of jwks.keys.filter((x) => !header.kid || x.kid === header.kid)) {
          const key = createPublicKey({ key: jwk as never, format: 'jwk' });
          if (verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(s))) verified = true;
        }
      } catch {
        /* an unusable key verifies nothing */
      }
    }
  }
  const entries = (body.vc?.credentialSubject?.fhirBundle?.entry ?? []).map((e) => e.resource ?? {});
  const patient = entries.find((e) => e.resourceType === 'Patient');
  const base = {
    protocol: 'smart_health_card' as const,
    verified,
    holderName: patient?.name?.[0] ? [...(patient.name[0].given ?? []), patient.name[0].family].filter(Boolean).join(' ') : null,
    dateOfBirth: patient?.birthDate ?? null,
    issuer: body.iss ?? null,
    notes: header.kid ? `kid ${header.kid}` : null,
  };
  const notYet = !!body.nbf && body.nbf * 1000 > now.getTime() + 300_000;
  const expired = !!body.exp && body.exp * 1000 <= now.getTime();
  const obs = entries.filter((e) => e.resourceType === 'Observation');
  if (obs.length) {
    const o = obs[obs.length - 1];
    const code = o.valueCodeableConcept?.coding?.[0]?.code;
    const st = testStatus(code && NOT_DETECTED.has(code) ? 'negative' : code && DETECTED.has(code) ? 'positive' : null, o.effectiveDateTime ?? null, pcrValidDays, now);
    return { ...base, type: 'test', status: !verified || notYet ? 'unchecked' : expired ? 'expired' : st.status, dateTaken: o.effectiveDateTime?.slice(0, 10) ?? null, expiryDate: st.expiry };
  }
  const shots = entries.filter((e) => e.resourceType === 'Immunization' && e.status === 'completed');
  const last = shots[shots.length - 1];
  return {
    ...base,
    type: 'covid_vaccine',
    status: !verified || notYet ? 'unchecked' : expired ? 'expired' : shots.length ? 'vaccinated' : 'not supported',
    dateTaken: last?.occurrenceDateTime?.slice(0, 10) ?? null,
    expiryDate: body.exp ? new Date(body.exp * 1000).toISOString().slice(0, 10) : null,
  };
}

/** Reads a QR payload of either kind; throws on anything that is not a readable certificate. */
export function verifyCertificate(payload: string, keys: TrustKey[], pcrValidDays: number, now = new Date()): CertificateResult {
  const p = payload.trim();
  if (p.startsWith('HC1:')) return verifyDcc(p, keys, pcrValidDays, now);
  if (p.startsWith('shc:/')) return verifyShc(p, keys, pcrValidDays, now);
  throw new Error('unknown certificate format');
}
