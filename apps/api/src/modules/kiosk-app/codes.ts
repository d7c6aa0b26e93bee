/** The badge QR's value: a fixed prefix and the person's random kiosk code (never their id). */
export const BADGE_PREFIX = 'gatehouse:p:';
export const badgeCode = (kioskCode: string) => `${BADGE_PREFIX}${kioskCode}`;

/**
 * What a QR code holds, as the kiosk reads it: a badge (`gatehouse:p:<code>`), a visit confirmation link
 * (`…/c/<token>`, the pre-registration mail's QR) or the bare token of either.
 */
export function parseCode(raw: string): { kind: 'person' | 'visit' | 'either'; value: string } | null {
  const code = raw.trim();
  if (code.toLowerCase().startsWith(BADGE_PREFIX)) {
    const value = code.slice(BADGE_PREFIX.length);
    return /^[a-f0-9]{32}$/i.test(value) ? { kind: 'person', value: value.toLowerCase() } : null;
  }
  const link = /\/c\/([A-Za-z0-9_-]{20,100})\/?(?:[?#].*)?$/.exec(code);
  if (link) return { kind: 'visit', value: link[1] };
  if (/^[A-Za-z0-9_-]{20,100}$/.test(code)) return { kind: 'either', value: code };
  return null;
}

export interface Identifier {
  user_id?: number;
  code?: string;
  rfid?: string;
  /** With `user_id` (a name picked): the person's quick pass code, where their flow asks one (name-pick.ts). */
  quick_pass?: string;
}

/** The person was picked by name (no code or card read): what the flow asks beyond the name applies. */
export const pickedByName = (who: Identifier) => who.code === undefined && who.rfid === undefined && !!who.user_id;
