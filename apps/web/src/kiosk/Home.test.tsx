import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from './api';
import { Home } from './Home';
import { translator } from './i18n';
import { whoFromCode } from './who';

const config: KioskConfig = {
  kiosk: { id: 1, name: 'Front desk' },
  entity: { id: 1, name: 'Northfield Academy', logo: null },
  site: { id: 2, name: 'Main Campus' },
  area: { id: 3, name: 'Main Reception' },
  journey_id: null,
  settings: {},
};

describe('kiosk home', () => {
  it('takes a keyboard-wedge RFID reader: digits then Enter into the focused hidden input', () => {
    const onCard = vi.fn();
    render(<Home t={translator('en')} config={config} lang="en" onLang={() => {}} onQr={() => {}} onName={() => {}} onCard={onCard} />);
    const reader = screen.getByTestId('rfid-input');
    expect(reader).toHaveFocus();
    fireEvent.change(reader, { target: { value: '0004417823' } });
    fireEvent.keyDown(reader, { key: 'Enter' });
    expect(onCard).toHaveBeenCalledWith('0004417823');
    expect(reader).toHaveValue('');
    expect(screen.getByTestId('area-name')).toHaveTextContent('Main Campus · Main Reception');
  });

  it('offers no way in while the kiosk has no area', () => {
    render(<Home t={translator('es')} config={{ ...config, area: null }} lang="es" onLang={() => {}} onQr={() => {}} onName={() => {}} onCard={() => {}} />);
    expect(screen.getByRole('button', { name: /Escanear mi código QR/ })).toBeDisabled();
    expect(screen.getByText(/Este quiosco aún no tiene zona/)).toBeInTheDocument();
  });
});

describe('codes', () => {
  it('reads a QR code as a person number, a tagged badge code, an e-mail or an ID number; a card as an ID number', () => {
    expect(whoFromCode('42', 'qr')).toEqual({ user_id: 42, input_method: 'qr' });
    expect(whoFromCode('gatehouse:user:42', 'qr')).toEqual({ user_id: 42, input_method: 'qr' });
    expect(whoFromCode(' amira@northfield.example ', 'qr')).toEqual({ email: 'amira@northfield.example', input_method: 'qr' });
    expect(whoFromCode('X-12-ABC', 'qr')).toEqual({ id_number: 'X-12-ABC', input_method: 'qr' });
    expect(whoFromCode('0004417823', 'rfid')).toEqual({ id_number: '0004417823', input_method: 'rfid' });
    expect(whoFromCode('  ', 'qr')).toBeNull();
  });
});
