/**
 * Who is signing, as the kiosk read them: a QR code's value, an RFID card's value (both resolved by the server,
 * never guessed here) or a person picked by name.
 */
export interface Who {
  user_id?: number;
  code?: string;
  rfid?: string;
  input_method: 'qr' | 'rfid' | 'name';
  name?: string;
  /** What signing them does, as the server said when it identified them (the reasons asked follow it, rule 221). */
  action?: 'in' | 'out';
  /** A name picked whose flow asks more than the name: their quick pass code is asked (and sent with the name). */
  asksCode?: boolean;
  quick_pass?: string;
}

/**
 * A read value: the QR camera or code field gives a QR value; the home's keyboard-wedge input gives an RFID
 * card's digits, or a QR value when a wedge QR scanner typed one (it holds `:` or `/`, which no card does).
 */
export function whoFromCode(raw: string, method: 'qr' | 'rfid'): Who | null {
  const code = raw.trim();
  if (!code) return null;
  if (method === 'rfid' && !/[:/]/.test(code)) return { rfid: code, input_method: 'rfid' };
  return { code, input_method: 'qr' };
}

/** The identifier fields a sign-in call takes. */
export const identifierOf = (who: Who) =>
  who.code !== undefined ? { code: who.code } : who.rfid !== undefined ? { rfid: who.rfid } : { user_id: who.user_id, ...(who.quick_pass ? { quick_pass: who.quick_pass } : {}) };
