import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { areas, scans, users, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';

/**
 * The badge of a sign-in this kiosk recorded. Rule 102: never for default users, taken as the organisation's
 * members (people with a console role); visitors, pupils and contractors get one. The QR code holds
 * `gatehouse:user:<id>`, which the kiosk reads to sign the person out.
 */
export async function badgeFor(tx: Db, entityId: number, kioskId: number, scanId: number) {
  const [row] = await tx
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId, userType: userTypes.name, area: areas.name, at: scans.at })
    .from(scans)
    .innerJoin(users, and(eq(users.id, scans.userId), eq(users.entityId, entityId)))
    .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(areas, eq(areas.id, scans.areaId))
    .where(and(eq(scans.id, scanId), eq(scans.entityId, entityId), eq(scans.kioskId, kioskId), eq(scans.direction, 'in')));
  if (!row) throw notFound();
  if (row.roleId !== null) throw forbidden('kiosk_app.badge_default_user');
  const code = `gatehouse:user:${row.userId}`;
  const qr = await QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
  return { name: `${row.firstName} ${row.lastName}`.trim(), user_type: row.userType ?? null, area: row.area ?? null, at: new Date(row.at).toISOString(), code, qr };
}
