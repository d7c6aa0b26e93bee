import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { base45Encode, encodeCbor, Tagged } from '../src/modules/compliance/testing';

/** Test certificates signed with throwaway keys: the API tests and the e2e journeys build their own. */
const DAY = 86_400_000;
export const signerKeys = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
export const isoDaysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString().replace(/\.\d+Z$/, 'Z');

/** An EU digital COVID certificate signed with a test key (HC1: base45(zlib(COSE_Sign1(CWT)))). */
export function makeDcc(privateKey: KeyObject, kid: Buffer, hcert: Record<string, unknown>, expDays = 30, issuer = 'GB') {
  const now = Math.floor(Date.now() / 1000);
  const cwt = new Map<number, unknown>([[1, issuer], [4, now + expDays * 86400], [6, now - 3600], [-260, new Map([[1, { ver: '1.3.0', nam: { fn: 'Lovelace', gn: 'Ada' }, dob: '1990-12-10', ...hcert }]])]]);
  const protectedBytes = encodeCbor(new Map<number, unknown>([[1, -7], [4, kid]]));
  const payload = encodeCbor(cwt);
  const signature = sign('sha256', encodeCbor(['Signature1', protectedBytes, new Uint8Array(0), payload]), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `HC1:${base45Encode(deflateSync(encodeCbor(new Tagged(18, [protectedBytes, new Map(), payload, signature]))))}`;
}

/** A SMART Health Card signed with a test key (shc:/ numeric JWS with a raw-deflated payload). */
export function makeShc(privateKey: KeyObject, kid: string, iss: string, entries: unknown[]) {
  const h64 = Buffer.from(JSON.stringify({ alg: 'ES256', zip: 'DEF', kid })).toString('base64url');
  const body = { iss, nbf: Math.floor(Date.now() / 1000) - 60, vc: { type: ['https://smarthealth.cards#health-card'], credentialSubject: { fhirVersion: '4.0.1', fhirBundle: { resourceType: 'Bundle', entry: entries } } } };
  const p64 = deflateRawSync(Buffer.from(JSON.stringify(body))).toString('base64url');
  const s64 = sign('sha256', Buffer.from(`${h64}.${p64}`), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `shc:/${[...`${h64}.${p64}.${s64}`].map((c) => String(c.charCodeAt(0) - 45).padStart(2, '0')).join('')}`;
}

export const shcPatient = { resource: { resourceType: 'Patient', name: [{ given: ['Grace'], family: 'Hopper' }], birthDate: '1980-12-09' } };
export const shcShot = (daysAgo: number) => ({ resource: { resourceType: 'Immunization', status: 'completed', occurrenceDateTime: isoDaysAgo(daysAgo).slice(0, 10) } });
/** EU DCC test entries: negative (260415000) or positive (260373001) PCR taken `daysAgo`. */
export const dccTest = (daysAgo: number, negative = true) => ({ t: [{ tg: '840539006', tt: 'LP6464-4', sc: isoDaysAgo(daysAgo), tr: negative ? '260415000' : '260373001' }] });

/** The trust-list entries (POST /api/compliance_trust_key bodies) for a test signer. */
export function trustKeyBodies(publicKey: KeyObject, kid: Buffer, issuer = 'https://health.example.test') {
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'shc-1', alg: 'ES256', use: 'sig' };
  return [
    { name: 'UK DCC signer', kind: 'pem', key_id: kid.toString('base64'), content: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
    { name: 'State health', kind: 'jwks', key_id: issuer, content: JSON.stringify({ keys: [jwk] }) },
  ];
}
