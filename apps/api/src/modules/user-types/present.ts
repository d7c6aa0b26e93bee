import { flag, type UserType } from '@gatehouse/contract';
import type { userTypes } from '../../db/schema/index';

type Row = typeof userTypes.$inferSelect;

export function presentUserType(r: Row, count?: number): UserType {
  return {
    id: r.id,
    entity_id: r.entityId,
    name: r.name,
    name_i18n: r.nameI18n,
    parent_id: r.parentId,
    registration_method: r.registrationMethod,
    pre_registration_method: r.registrationMethod,
    grace_period: r.gracePeriod,
    mandatory_data: r.mandatoryData,
    profile_photo: flag(r.profilePhoto),
    allow_switch: flag(r.allowSwitch),
    is_staff: flag(r.isStaff),
    allowNotSelectHost: flag(r.allowNotSelectHost),
    hostUserTypesExist: flag(r.hostUserTypeIds.length > 0),
    host_user_type_ids: r.hostUserTypeIds,
    sort_order: r.sortOrder,
    ...(count === undefined ? {} : { users_count: count }),
  };
}

/** Nests rows under their parents (roots first, by sort order then name). */
export function toTree(rows: UserType[]) {
  const byParent = new Map<number | null, UserType[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const key = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (parent: number | null): UserType[] => (byParent.get(parent) ?? []).map((r) => ({ ...r, children: build(r.id) }));
  return build(null);
}
