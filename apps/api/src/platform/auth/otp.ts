import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP two-step authentication (rules 83-85): 30-second codes, one step of clock drift either way. */
export const newOtpSecret = () => generateSecret();

export const otpUri = (secret: string, label: string) => generateURI({ issuer: 'Gatehouse', label, secret });

export async function verifyOtp(secret: string, token: string) {
  try {
    const r = await verify({ secret, token, epochTolerance: 30 });
    return r.valid;
  } catch {
    return false;
  }
}
