import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { translator } from './i18n';
import { apiTemperature, toCelsius, type TemperatureUnit } from './temperature';
import { TemperatureInput } from './TemperatureInput';

function Harness({ lang = 'en' as const }: { lang?: 'en' | 'es' | 'ar' }) {
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<TemperatureUnit>('C');
  return (
    <>
      <TemperatureInput
        t={translator(lang)}
        value={value}
        unit={unit}
        onChange={(v, u) => {
          setValue(v);
          setUnit(u);
        }}
      />
      <output data-testid="sent">{value ? apiTemperature(value, unit) : ''}</output>
    </>
  );
}

describe('temperature input', () => {
  it('converts Fahrenheit and rejects implausible readings', () => {
    expect(toCelsius('36.6', 'C')).toBe(36.6);
    expect(toCelsius('98.6', 'F')).toBe(37);
    expect(toCelsius('36,6', 'C')).toBe(36.6);
    expect(toCelsius('hot', 'C')).toBeNull();
    expect(toCelsius('98.6', 'C')).toBeNull();
    expect(toCelsius('36', 'F')).toBeNull();
    expect(apiTemperature('98.6', 'F')).toBe('98.6 f');
  });

  it('tells a reading that is not a temperature and a fever, and switches the unit', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Temperature');
    fireEvent.change(input, { target: { value: 'hot' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a body temperature');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '36.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '38.2' } });
    expect(screen.getByRole('alert')).toHaveTextContent('at or above 37.5 °C');
    fireEvent.change(input, { target: { value: '97.7' } });
    expect(screen.getByRole('alert')).toBeInTheDocument(); // 97.7 C is not a body temperature
    fireEvent.click(screen.getByRole('button', { name: '°F' }));
    expect(screen.getByRole('button', { name: '°F' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('sent')).toHaveTextContent('97.7 f');
  });

  it('speaks the kiosk language', () => {
    render(<Harness lang="es" />);
    fireEvent.change(screen.getByLabelText('Temperatura'), { target: { value: 'caliente' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Introduzca una temperatura corporal');
  });
});
