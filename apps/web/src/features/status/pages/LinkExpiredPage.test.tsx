import { MESSAGES } from '@gatehouse/contract';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import LinkExpiredPage from './LinkExpiredPage';

const show = (query: string) => renderAt(<LinkExpiredPage />, `/link-expired${query}`);

describe('/link-expired (rules 145-148)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the exact message of each reason, the same text the API answers (one catalogue)', async () => {
    const cases: [string, string][] = [
      ['?kind=confirmation&reason=not_approved', 'Your confirmation link has expired because your visit has not been approved. Please contact the system admin for further details.'],
      ['?kind=confirmation&reason=deleted', 'Your confirmation link has expired because your visit has been deleted. Please contact the system admin for further details.'],
      ['?kind=confirmation&reason=missed', 'Your confirmation link has expired because you missed your appointment. Please contact the system admin for further details.'],
      ['?kind=confirmation&reason=arrived', 'Your confirmation link has expired because you have already arrived at the area. Please contact the system admin for further details.'],
      ['?kind=confirmation&reason=confirmed', 'Your confirmation link has expired because you have already confirmed your visit. Please contact the system admin for further details.'],
      ['?kind=compliance&reason=missed', 'Your compliance link has expired because you missed your appointment. Please contact the system admin for further details.'],
      ['?kind=confirmation', 'Your confirmation link has expired. Please contact the system admin for further details.'],
      ['?kind=confirmation&reason=nonsense', 'Your confirmation link has expired. Please contact the system admin for further details.'],
    ];
    for (const [query, text] of cases) {
      const view = show(query);
      expect(await screen.findByTestId('link-expired-page')).toHaveTextContent(text);
      expect(screen.queryByRole('link', { name: 'Log in with your passport' })).toBeNull();
      view.unmount();
    }
  });

  it('speaks ar (right to left) and es from the same catalogue, and offers a passport holder the login', async () => {
    await initI18n('ar');
    expect(document.documentElement.dir).toBe('rtl');
    let view = show('?kind=confirmation&reason=deleted&userHasPassport=true');
    expect(await screen.findByTestId('link-expired-page')).toHaveTextContent(MESSAGES.ar['link.confirmation.deleted']);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/login');
    view.unmount();
    await initI18n('es');
    view = show('?kind=compliance&reason=completed');
    expect(await screen.findByTestId('link-expired-page')).toHaveTextContent('Su enlace de condiciones de entrada ha caducado porque ya ha completado sus condiciones de entrada.');
    view.unmount();
    await initI18n('en');
  });
});
