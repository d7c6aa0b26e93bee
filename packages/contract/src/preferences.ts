import { z } from 'zod';
import { one } from './common';

/** Admin preference per user, entity and page (rules 127-128). */
export const zPreference = z.object({
  id: z.number(),
  employee_id: z.number(),
  entity_id: z.number(),
  page_url: z.string(),
  table_head: z.unknown(),
  url: z.string().nullable(),
});
export type Preference = z.infer<typeof zPreference>;

export const zPagePath = z.string().trim().min(1).max(200).regex(/^\/[A-Za-z0-9/_:.-]*$/, 'validation.page_url');

export const zPreferenceQuery = z.object({
  employee_id: z.coerce.number().int().positive().optional(),
  page_url: zPagePath,
  columns: z.coerce.number().int().min(0).max(200).optional(),
});

export const zTableHead = z.union([z.string().max(20_000), z.array(z.unknown()).max(200), z.record(z.string(), z.unknown())]);

export const zPreferenceBody = z.object({
  employee_id: z.coerce.number().int().positive().optional(),
  entity_id: z.coerce.number().int().positive(),
  page_url: zPagePath,
  table_head: zTableHead,
  url: z.string().max(4000).nullable().optional(),
});

export const zDashboardColumns = one(z.object({ page_url: z.string(), table_head: z.unknown(), columns: z.number().nullable() }));
