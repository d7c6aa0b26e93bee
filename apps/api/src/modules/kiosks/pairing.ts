import { randomInt } from 'node:crypto';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_TTL_MINUTES, SETUP_TOKEN_TTL_DAYS } from '@gatehouse/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { kioskPairings, kiosks } from '../../db/schema/index';
import { hashToken, inDays, inMinutes, newToken } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import { asSystem, withTenant } from '../../platform/db/tenant';
import { notFound } from '../../platform/errors';

type DeviceInfo = { name?: string; mac_address?: string; serial?: string; app_version?: string };

/** A device token: long, random, stored only as its hash on the kiosk (architecture: tokens hashed). */
export const newDeviceToken = () => {
  const token = `ghk_${newToken(32).token}`;
  return { token, hash: hashToken(token) };
};

const pairingCode = () => Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)]).join('');

/** Step 1 on the device (public /kiosk-register page): a pairing code to show, and a secret to poll with. */
export async function startPairing(db: Db, device: DeviceInfo) {
  const secret = newToken(32);
  const code = pairingCode();
  const [row] = await asSystem(db, (tx) =>
    tx
      .insert(kioskPairings)
      .values({ kind: 'pairing_code', pairingCode: code, secretHash: secret.hash, device, expiresAt: inMinutes(PAIRING_TTL_MINUTES) })
      .returning(),
  );
  return { registration_id: row.id, pairing_code: code, secret: secret.token, expires_at: row.expiresAt.toISOString() };
}

/** Step 2 in the console: an admin adds the kiosk with the code the device shows; the pairing is claimed. */
export async function claimPairing(tx: Db, code: string) {
  const [row] = await tx
    .select()
    .from(kioskPairings)
    .where(and(eq(kioskPairings.kind, 'pairing_code'), eq(kioskPairings.pairingCode, code), isNull(kioskPairings.kioskId), isNull(kioskPairings.usedAt), gt(kioskPairings.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function linkPairing(tx: Db, pairingId: number, entityId: number, kioskId: number) {
  await tx.update(kioskPairings).set({ claimedEntity: entityId, kioskId }).where(eq(kioskPairings.id, pairingId));
}

/**
 * Step 3 on the device: polls with its secret; once the kiosk was added it receives its own device token, once.
 * Answers null while still waiting; throws 404 when unknown, expired or already collected.
 */
export async function pollPairing(db: Db, registrationId: number, secret: string) {
  const [row] = await asSystem(db, (tx) =>
    tx
      .select()
      .from(kioskPairings)
      .where(and(eq(kioskPairings.id, registrationId), eq(kioskPairings.secretHash, hashToken(secret)), eq(kioskPairings.kind, 'pairing_code'))),
  );
  if (!row || row.usedAt || (!row.kioskId && row.expiresAt.getTime() < Date.now())) throw notFound('kiosks.registration_invalid');
  if (!row.kioskId || !row.claimedEntity) return null;
  const device = newDeviceToken();
  const entityId = row.claimedEntity;
  const kioskId = row.kioskId;
  const kiosk = await withTenant(db, entityId, async (tx) => {
    const used = await tx.update(kioskPairings).set({ usedAt: sql`now()` }).where(and(eq(kioskPairings.id, row.id), isNull(kioskPairings.usedAt))).returning();
    if (!used.length) throw notFound('kiosks.registration_invalid');
    const [k] = await tx
      .update(kiosks)
      .set({ deviceTokenHash: device.hash, updatedAt: sql`now()` })
      .where(and(eq(kiosks.id, kioskId), eq(kiosks.entityId, entityId), eq(kiosks.status, 'active')))
      .returning();
    return k;
  });
  if (!kiosk) throw notFound('kiosks.registration_invalid');
  return { kiosk_id: kiosk.id, entity_id: entityId, device_token: device.token };
}

/** generate_exe: a single-use registration token for a kiosk installation of a site (skips the pairing code). */
export async function createSetupToken(tx: Db, entityId: number, siteId: number) {
  const secret = newToken(32);
  const token = `ghs_${secret.token}`;
  const [row] = await tx
    .insert(kioskPairings)
    .values({ kind: 'setup_file', secretHash: hashToken(token), claimedEntity: entityId, siteId, expiresAt: inDays(SETUP_TOKEN_TTL_DAYS) })
    .returning();
  return { token, expiresAt: row.expiresAt };
}

/** A device registering with a set-up file's token: the kiosk is created in that site at once, the token used up. */
export async function registerWithSetupToken(db: Db, token: string, device: DeviceInfo) {
  const [row] = await asSystem(db, (tx) =>
    tx
      .update(kioskPairings)
      .set({ usedAt: sql`now()`, device })
      .where(and(eq(kioskPairings.secretHash, hashToken(token)), eq(kioskPairings.kind, 'setup_file'), isNull(kioskPairings.usedAt), gt(kioskPairings.expiresAt, sql`now()`)))
      .returning(),
  );
  if (!row?.claimedEntity) throw notFound('kiosks.registration_invalid');
  const entityId = row.claimedEntity;
  const deviceToken = newDeviceToken();
  const kiosk = await withTenant(db, entityId, async (tx) => {
    const [k] = await tx
      .insert(kiosks)
      .values({
        entityId,
        siteId: row.siteId,
        name: device.name || `Kiosk ${device.serial ?? device.mac_address ?? row.id}`,
        macAddress: device.mac_address ?? null,
        serial: device.serial ?? null,
        appVersion: device.app_version ?? null,
        deviceTokenHash: deviceToken.hash,
      })
      .returning();
    await tx.update(kioskPairings).set({ kioskId: k.id }).where(eq(kioskPairings.id, row.id));
    return k;
  });
  return { kiosk_id: kiosk.id, entity_id: entityId, device_token: deviceToken.token };
}
