/**
 * Temperatures (rule 227) as plain values and functions, without zod: the kiosk bundle imports this file directly
 * (`@gatehouse/contract/temperature`) and stays small.
 */
/** Rule 227: a reading above 85, or one that says F, is Fahrenheit; none at all is 36 C. */
export const FAHRENHEIT_ABOVE = 85;
export const DEFAULT_TEMPERATURE_C = 36;
/** Body temperatures a person can have, in Celsius: anything else is not a reading. */
export const BODY_MIN_C = 25;
export const BODY_MAX_C = 45;
/** Readings at or above this (Celsius) fail the temperature check unless the flow sets its own threshold. */
export const DEFAULT_TEMPERATURE_THRESHOLD_C = 37.5;

/**
 * Reads a temperature as typed on a kiosk or console (rule 227): "37.2", "99.1", "99 F", "37,5 c". Answers the
 * Celsius value rounded to one decimal and the unit read, or null when it is not a temperature ("hot").
 */
export function parseTemperature(input: string | number | null | undefined): { celsius: number; unit: 'c' | 'f' } | null {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return { celsius: DEFAULT_TEMPERATURE_C, unit: 'c' };
  const text = String(input).trim().toLowerCase().replace(',', '.');
  const m = /^(-?\d{1,3}(?:\.\d{1,2})?)\s*°?\s*(c|f|celsius|fahrenheit)?$/.exec(text);
  if (!m) return null;
  const value = Number(m[1]);
  const fahrenheit = m[2]?.startsWith('f') || (!m[2] && value > FAHRENHEIT_ABOVE);
  const celsius = fahrenheit ? ((value - 32) * 5) / 9 : value;
  if (celsius < BODY_MIN_C || celsius > BODY_MAX_C) return null;
  return { celsius: Math.round(celsius * 10) / 10, unit: fahrenheit ? 'f' : 'c' };
}
