/** Top-bar name: longer than 14 characters keeps the first 12, trimmed, then three dots (rule 58). */
export function truncateUserName(name: string | null | undefined): string {
  const s = (name ?? '').trim();
  return s.length > 14 ? `${s.slice(0, 12).trim()}...` : s;
}

/** Side-menu company name: trimmed to 16 characters plus an ellipsis when longer (rule 50). */
export function trimCompanyName(name: string | null | undefined): string {
  const s = (name ?? '').trim();
  return s.length > 16 ? `${s.slice(0, 16)}…` : s;
}

/** User image addresses are templates in which `entity_id` is replaced by the current entity's id (rule 60). */
export const userImage = (template: string | null | undefined, entityId: number | null | undefined) =>
  template ? template.replace(/entity_id/g, String(entityId ?? '')) : null;

/** Gatehouse's logo, shown where an organisation has none of its own (rule 54). */
export const DEFAULT_LOGO = '/gatehouse.svg';
