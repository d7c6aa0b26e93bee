import { and, eq } from 'drizzle-orm';
import { attendanceModes, reasons, userAttendanceModes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';

/** The attendance mode a person follows, with its reasons (null when they follow none). */
export async function personMode(tx: Db, entityId: number, userId: number) {
  const [row] = await tx
    .select({ mode: attendanceModes })
    .from(userAttendanceModes)
    .innerJoin(attendanceModes, eq(attendanceModes.id, userAttendanceModes.attendanceModeId))
    .where(and(eq(userAttendanceModes.entityId, entityId), eq(userAttendanceModes.userId, userId)));
  if (!row) return null;
  const modeReasons = await tx.select().from(reasons).where(and(eq(reasons.entityId, entityId), eq(reasons.attendanceModeId, row.mode.id)));
  return { mode: row.mode, reasons: modeReasons };
}
