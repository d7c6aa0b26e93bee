import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { areas, scans, users, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';
import { badgeCode } from './codes';
import { type KioskJourney, printsBadge } from './journey';

/**
 * The badge of a sign-in this kiosk recorded. Rule 102: never for default users (people without a user type, and
 * the organisation's members with a console role). With a journey, only when the person's flow prints badges
 * or the journey does (its outputs apply to every flow, as the journey builder's flow card says). The QR code
 * holds `gatehouse:p:<kiosk code>`: the person's random code, which the kiosk resolves to sign them out; never
 * their id.
 */
export async function badgeFor(tx: Db, entityId: number, kioskId: number, scanId: number, journey: KioskJourney | null) {
  const [row] = await tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      userTypeId: users.userTypeId,
      kioskCode: users.kioskCode,
      userType: userTypes.name,
      area: areas.name,
      at: scans.at,
    })
    .from(scans)
    .innerJoin(users, and(eq(users.id, scans.userId), eq(users.entityId, entityId)))
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(areas, eq(areas.id, scans.areaId))
    .where(and(eq(scans.id, scanId), eq(scans.entityId, entityId), eq(scans.kioskId, kioskId), eq(scans.direction, 'in')));
  if (!row) throw notFound();
  if (row.roleId !== null || row.userTypeId === null) throw forbidden('kiosk_app.badge_default_user');
  if (journey) {
    if (!printsBadge(journey, journey.flowFor(row.userTypeId)?.flow ?? null)) throw forbidden('kiosk_app.badge_not_offered');
  }
  const code = badgeCode(row.kioskCode);
  const qr = await QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
  return { user_id: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), user_type: row.userType ?? null, area: row.area ?? null, at: new Date(row.at).toISOString(), code, qr };
}
