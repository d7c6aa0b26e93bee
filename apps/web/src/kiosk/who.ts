/** Who is signing: the person as the API finds them (by id, e-mail or ID number) and how they were found. */
export interface Who {
  user_id?: number;
  email?: string;
  id_number?: string;
  input_method: 'qr' | 'rfid' | 'name';
  name?: string;
}

/**
 * A QR code or typed code: a person's number (optionally `gatehouse:user:<id>`), an e-mail address, or else
 * their ID number. An RFID card's digits are its ID number.
 */
export function whoFromCode(raw: string, method: 'qr' | 'rfid'): Who | null {
  const code = raw.trim();
  if (!code) return null;
  if (method === 'rfid') return { id_number: code, input_method: 'rfid' };
  const tagged = /^gatehouse:user:(\d{1,10})$/i.exec(code);
  if (tagged) return { user_id: Number(tagged[1]), input_method: 'qr' };
  if (/^\d{1,10}$/.test(code)) return { user_id: Number(code), input_method: 'qr' };
  if (code.includes('@')) return { email: code, input_method: 'qr' };
  return { id_number: code, input_method: 'qr' };
}
