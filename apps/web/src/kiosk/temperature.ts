import { DEFAULT_TEMPERATURE_THRESHOLD_C, parseTemperature } from '@gatehouse/contract/temperature';

export type TemperatureUnit = 'C' | 'F';

/** At or above this the sign-in fails the check (the contract's threshold, rule 227). */
export const FEVER_C = DEFAULT_TEMPERATURE_THRESHOLD_C;

/** What the API takes: the number with its unit, so it never has to guess Fahrenheit. */
export const apiTemperature = (text: string, unit: TemperatureUnit) => `${text.trim().replace(',', '.')} ${unit.toLowerCase()}`;

/** The reading in Celsius as the server reads it (rule 227), or null when it is not a body temperature ("hot", 120 C, empty). */
export function toCelsius(text: string, unit: TemperatureUnit): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim().replace(',', '.'))) return null;
  return parseTemperature(apiTemperature(text, unit))?.celsius ?? null;
}
