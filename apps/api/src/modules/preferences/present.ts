import type { Preference } from '@gatehouse/contract';
import type { adminPreferences } from '../../db/schema/index';

/** How many columns a saved table head describes (a JSON string, an array, or an object keyed by column). */
export function columnCount(tableHead: unknown): number | null {
  let v = tableHead;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (Array.isArray(v)) return v.length;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return null;
}

export const presentPreference = (p: typeof adminPreferences.$inferSelect): Preference => ({
  id: p.id,
  employee_id: p.employeeId,
  entity_id: p.entityId,
  page_url: p.pageUrl,
  table_head: p.tableHead ?? null,
  url: p.url,
});
