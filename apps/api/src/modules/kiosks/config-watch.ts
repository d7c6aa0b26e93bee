import type { KioskConfigReason } from '@gatehouse/contract';
import type { CommittedWrite, Realtime } from '../../platform/realtime';
import { type KioskTarget, notifyKiosks } from './notify-kiosks';

/**
 * What a kiosk's configuration (`GET /api/kiosk-app/config`, kiosk-app/journey.ts) is made of, by the audit subject
 * of the changes that touch it: the kiosk itself and its settings, its journey and the journey's flows, user types
 * (names, registration method, mandatory data, photo), entry conditions, custom fields and their sections, its
 * area and site, the organisation's name and logo. A new journey, flow-less user type or site changes nothing a
 * kiosk shows until something above refers to it, which is itself one of these changes.
 */
const REASONS: Record<string, KioskConfigReason> = {
  kiosk: 'kiosk',
  kiosk_setting: 'settings',
  journey: 'journey',
  journey_flow: 'journey',
  user_type: 'user_types',
  compliance: 'entry_conditions',
  section: 'custom_fields',
  custom_field: 'custom_fields',
  area: 'area',
  site: 'site',
  entity: 'organisation',
};
const IGNORED_ACTIONS: Record<string, string[]> = { kiosk: ['create'], journey: ['create'], user_type: ['create'], site: ['create'], area: ['create'], compliance: ['create'] };

const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number).filter(Number.isInteger) : []);

/** The kiosks a change concerns: the kiosks named (one or many), a site's, else all of the organisation's. */
function targetOf(w: CommittedWrite): KioskTarget {
  if (w.subject === 'kiosk' || w.subject === 'kiosk_setting') {
    const named = w.subjectId !== null ? [Number(w.subjectId)] : ids(w.changes?.kiosk_ids);
    if (named.length) return { kioskIds: named };
  }
  if (w.subject === 'site' && w.subjectId !== null) return { siteIds: [Number(w.subjectId)] };
  return 'all';
}

/**
 * Follows committed changes (Realtime.onCommitted) and tells the kiosks concerned to load their configuration
 * again, once per request and target.
 */
export function watchKioskConfig(realtime: Realtime) {
  realtime.onCommitted((writes) => {
    const sent = new Set<string>();
    for (const w of writes) {
      const reason = REASONS[w.subject];
      if (!reason || IGNORED_ACTIONS[w.subject]?.includes(w.action)) continue;
      const target = targetOf(w);
      const key = `${w.entityId}:${JSON.stringify(target)}`;
      if (sent.has(key)) continue;
      sent.add(key);
      notifyKiosks(realtime, w.entityId, target, reason);
    }
  });
}
