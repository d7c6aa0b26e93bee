import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from './api';
import { Home } from './Home';
import { translator } from './i18n';
import { identifierOf, whoFromCode } from './who';

const config: KioskConfig = {
  kiosk: { id: 1, name: 'Front desk' },
  entity: { id: 1, name: 'Northfield Academy', logo: null },
  site: { id: 2, name: 'Main Campus' },
  area: { id: 3, name: 'Main Reception' },
  journey_id: null,
  settings: {},
  journey: null,
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

  it('gives the focus back to the reader once a language is picked: a card tapped next is read, not typed into the button', () => {
    const onLang = vi.fn();
    const onCard = vi.fn();
    render(<Home t={translator('en')} config={config} lang="en" onLang={onLang} onQr={() => {}} onName={() => {}} onCard={onCard} />);
    const arabic = screen.getByRole('button', { name: 'العربية' });
    arabic.focus();
    fireEvent.click(arabic);
    expect(onLang).toHaveBeenCalledWith('ar');
    expect(screen.getByTestId('rfid-input')).toHaveFocus();
  });

  it('offers no way in while the kiosk has no area', () => {
    render(<Home t={translator('es')} config={{ ...config, area: null }} lang="es" onLang={() => {}} onQr={() => {}} onName={() => {}} onCard={() => {}} />);
    expect(screen.getByRole('button', { name: /Escanear mi código QR/ })).toBeDisabled();
    expect(screen.getByText(/Este quiosco aún no tiene zona/)).toBeInTheDocument();
  });
});

describe('codes', () => {
  it('sends what was read to the server: a QR value as a code, card digits as an RFID value, a wedge-typed QR value as a code', () => {
    expect(whoFromCode(' gatehouse:p:0123456789abcdef0123456789abcdef ', 'qr')).toEqual({ code: 'gatehouse:p:0123456789abcdef0123456789abcdef', input_method: 'qr' });
    expect(whoFromCode('https://gatehouse.example/c/abcdefghijklmnopqrstuvwxyz', 'qr')).toEqual({ code: 'https://gatehouse.example/c/abcdefghijklmnopqrstuvwxyz', input_method: 'qr' });
    expect(whoFromCode('42', 'qr')).toEqual({ code: '42', input_method: 'qr' });
    expect(whoFromCode('0004417823', 'rfid')).toEqual({ rfid: '0004417823', input_method: 'rfid' });
    expect(whoFromCode('gatehouse:p:0123456789abcdef0123456789abcdef', 'rfid')).toEqual({ code: 'gatehouse:p:0123456789abcdef0123456789abcdef', input_method: 'qr' });
    expect(whoFromCode('  ', 'qr')).toBeNull();
  });
  it('names the identifier for the call', () => {
    expect(identifierOf({ code: 'x', input_method: 'qr' })).toEqual({ code: 'x' });
    expect(identifierOf({ rfid: '1', input_method: 'rfid' })).toEqual({ rfid: '1' });
    expect(identifierOf({ user_id: 7, name: 'A B', input_method: 'name' })).toEqual({ user_id: 7 });
  });
});
