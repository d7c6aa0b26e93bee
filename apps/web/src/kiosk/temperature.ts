import { DEFAULT_TEMPERATURE_THRESHOLD_C, NOTES_MIN, failsTemperature, parseTemperature } from '@gatehouse/contract/temperature';

/** The temperature rule is the contract's (rule 227, the journey's threshold): the kiosk imports it, never restates it. */
export { DEFAULT_TEMPERATURE_THRESHOLD_C, NOTES_MIN, failsTemperature };
export type TemperatureUnit = 'C' | 'F';

/** The reading in Celsius, or null when it is empty or not a body temperature ("hot", 120 C), as the server reads it. */
export function toCelsius(text: string, unit: TemperatureUnit): number | null {
  const t = text.trim();
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(t)) return null;
  return parseTemperature(`${t} ${unit}`)?.celsius ?? null;
}

/** What the API takes: the number with its unit, so it never has to guess Fahrenheit. */
export const apiTemperature = (text: string, unit: TemperatureUnit) => `${text.trim().replace(',', '.')} ${unit.toLowerCase()}`;
