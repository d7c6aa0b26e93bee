import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, updatedAt } from './core';

/** Attendance modes (rule 247). The sign-in issue owns this file. */
export const attendanceModes = pgTable(
  'attendance_modes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('attendance_modes_entity_idx').on(t.entityId)],
);

/** Reasons of a mode (rule 248). */
export const reasons = pgTable(
  'reasons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entityId: entityId(),
    attendanceModeId: integer('attendance_mode_id')
      .notNull()
      .references(() => attendanceModes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().$type<'late_sign_in' | 'early_sign_out'>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reasons_entity_mode_idx').on(t.entityId, t.attendanceModeId)],
);
