import type { EmergencyCounts, EmergencyPerson, EmergencySession } from '@gatehouse/contract';
import type { emergencySessions } from '../../db/schema/index';

const iso = (d: Date | string | null | undefined) => (d == null ? null : (typeof d === 'string' ? new Date(d) : d).toISOString());

export const NO_COUNTS: EmergencyCounts = { total: 0, on_site: 0, left: 0, unaccounted: 0, safe: 0, needs_help: 0, not_on_site: 0 };

export function presentSession(s: typeof emergencySessions.$inferSelect, sites: { id: number; name: string }[], counts: EmergencyCounts): EmergencySession {
  const started = new Date(s.startedAt);
  return {
    id: s.id,
    name: s.name,
    status: s.status,
    drill: s.drill ? 1 : 0,
    start_method: s.startMethod,
    started_at: started.toISOString(),
    ended_at: iso(s.endedAt),
    started_by_name: s.startedByName,
    ended_by_name: s.endedByName,
    start_kiosk_id: s.startKioskId,
    all_accounted_at: iso(s.allAccountedAt),
    accounted_after_seconds: s.allAccountedAt ? Math.max(0, Math.round((new Date(s.allAccountedAt).getTime() - started.getTime()) / 1000)) : null,
    sites,
    counts,
  };
}

/** A row of PERSON_COLUMNS (load-people.ts). */
export interface PersonRow {
  session_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  user_type: string | null;
  user_type_id: number | null;
  site_id: number | null;
  site_name: string | null;
  area_id: number | null;
  area_name: string | null;
  host_name: string | null;
  presence: 'on_site' | 'left';
  joined_at: Date | string | null;
  left_at: Date | string | null;
  status: EmergencyPerson['status'];
  status_at: Date | string | null;
  status_by_name: string | null;
  status_source: 'warden' | 'link' | null;
  muster_point_id: number | null;
  muster_point_name: string | null;
}

export const presentPerson = (r: PersonRow): EmergencyPerson => ({
  ...r,
  joined_at: iso(r.joined_at),
  left_at: iso(r.left_at),
  status_at: iso(r.status_at),
});
