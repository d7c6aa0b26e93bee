export type TemperatureUnit = 'C' | 'F';

/** Body temperatures a person can have (the server's own range, rule 227), in Celsius. */
const MIN_C = 25;
const MAX_C = 45;
/** At or above this the sign-in fails the check (the server's threshold, rule 227). */
export const FEVER_C = 37.5;

/** The reading in Celsius, or null when it is not a plausible body temperature ("hot", 120 C, empty). */
export function toCelsius(text: string, unit: TemperatureUnit): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const v = Number(t);
  const c = unit === 'F' ? ((v - 32) * 5) / 9 : v;
  if (c < MIN_C || c > MAX_C) return null;
  return Math.round(c * 10) / 10;
}

/** What the API takes: the number with its unit, so it never has to guess Fahrenheit. */
export const apiTemperature = (text: string, unit: TemperatureUnit) => `${text.trim().replace(',', '.')} ${unit.toLowerCase()}`;
