import { type Area, flag } from '@gatehouse/contract';
import type { areas } from '../../db/schema/index';

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

export const presentArea = (a: typeof areas.$inferSelect, extra: { complianceIds?: number[]; documentTypeIds?: number[]; siteName?: string } = {}): Area => ({
  id: a.id,
  entity_id: a.entityId,
  site_id: a.siteId,
  ...(extra.siteName !== undefined ? { site_name: extra.siteName } : {}),
  parent_id: a.parentId,
  name: a.name,
  journey_id: a.journeyId,
  login_mode: a.loginMode,
  auto_sign_out_mode: a.autoSignOutMode,
  remote_access: flag(a.remoteAccess),
  geofence: flag(a.geofence),
  qr_code: a.qrCode,
  compliance_ids: extra.complianceIds ?? [],
  document_type_ids: extra.documentTypeIds ?? [],
  created_at: iso(a.createdAt),
  updated_at: iso(a.updatedAt),
});
