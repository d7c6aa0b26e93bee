import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceToken } from '../../../lib/kiosk-device';
import { initI18n } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { KIOSK_TOKEN_KEY } from '../../../lib/storage-keys';
import { renderAt } from '../../../test/render';
import KioskRegisterPage from './KioskRegisterPage';

const TOKEN = `ghk_${'a'.repeat(43)}`;

describe('/kiosk-register pairs the device for the kiosk app', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the device token where /kiosk reads it, with the device MAC address, and hands over to the kiosk app', async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push(JSON.parse(String(init.body ?? '{}')));
        const data = url.endsWith('/poll')
          ? { status: 'registered', kiosk_id: 7, entity_id: 1, device_token: TOKEN }
          : { status: 'pending', registration_id: 3, pairing_code: 'ABCD2345', secret: 's'.repeat(40), expires_at: '2030-01-01T10:00:00Z', poll_ms: 10 };
        return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const open = vi.fn();
    renderAt(<KioskRegisterPage open={open} />, '/kiosk-register');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Kiosk name/ }), 'Front desk');
    await user.click(screen.getByRole('button', { name: 'Get a pairing code' }));
    expect(await screen.findByTestId('kiosk-registered')).toHaveTextContent('This device is registered as kiosk #7. Opening the kiosk…');
    expect(sent[0]).toMatchObject({ name: 'Front desk', mac_address: expect.stringMatching(/^02(:[0-9A-F]{2}){5}$/) });
    expect(localStorage.getItem(KIOSK_TOKEN_KEY)).toBe(TOKEN);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/kiosk'), { timeout: 4000 });
  });

  it('a paired device is offered the kiosk app, and its pairing survives a console logout on the same browser', async () => {
    localStorage.setItem(KIOSK_TOKEN_KEY, TOKEN);
    clearSession();
    expect(deviceToken()).toBe(TOKEN);
    renderAt(<KioskRegisterPage open={vi.fn()} />, '/kiosk-register');
    expect(await screen.findByText('This device is already paired as a kiosk.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the kiosk' })).toHaveAttribute('href', '/kiosk');
  });

  it('a device paired by the earlier page (its own key) keeps working: the token moves to the shared key', () => {
    localStorage.setItem('gatehouse.kiosk.device', JSON.stringify({ status: 'registered', kiosk_id: 7, entity_id: 1, device_token: TOKEN }));
    expect(deviceToken()).toBe(TOKEN);
    expect(localStorage.getItem(KIOSK_TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem('gatehouse.kiosk.device')).toBeNull();
  });
});
