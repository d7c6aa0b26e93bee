import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPERATURE_THRESHOLD_C, failsTemperature, parseTemperature, temperatureThreshold } from './temperature';

describe('the temperature rule shared by the sign-in and the kiosk (rule 227)', () => {
  it('reads Celsius and Fahrenheit, refuses what is not a body temperature', () => {
    expect(parseTemperature('37,2')).toEqual({ celsius: 37.2, unit: 'c' });
    expect(parseTemperature('99.5')).toEqual({ celsius: 37.5, unit: 'f' });
    expect(parseTemperature('38 c')).toEqual({ celsius: 38, unit: 'c' });
    expect(parseTemperature('hot')).toBeNull();
    expect(parseTemperature('120 c')).toBeNull();
  });

  it("holds a reading to the journey's threshold, else the default; at the threshold fails", () => {
    expect(temperatureThreshold(null)).toBe(DEFAULT_TEMPERATURE_THRESHOLD_C);
    expect(temperatureThreshold(38.2)).toBe(38.2);
    expect(failsTemperature(37.5, temperatureThreshold(undefined))).toBe(true);
    expect(failsTemperature(37.9, temperatureThreshold(38.2))).toBe(false);
    expect(failsTemperature(38.2, temperatureThreshold(38.2))).toBe(true);
  });
});
