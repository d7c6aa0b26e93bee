import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { DailyChart } from './DailyChart';

const days = [
  { date: '2026-11-23', sign_ins: 40, sign_outs: 31 },
  { date: '2026-11-24', sign_ins: 0, sign_outs: 0 },
  { date: '2026-11-25', sign_ins: 12, sign_outs: 3 },
];
const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <DailyChart days={days} />
      </MantineProvider>
    </I18nextProvider>,
  );

describe('the daily chart (issue 15 part 7)', () => {
  afterAll(() => initI18n('en'));

  it('runs left to right in English with each day’s numbers, weekday and date', async () => {
    await initI18n('en');
    show();
    expect(screen.getByTestId('day-2026-11-23')).toHaveAttribute('data-slot', '0');
    expect(screen.getByTestId('day-2026-11-23')).toHaveTextContent(/Sign-ins 40.*Sign-outs 31.*Mon.*Nov 23$/);
    // An empty day draws no numbers above its bars, only its labels (and the bars' titles).
    expect(screen.getByTestId('day-2026-11-24').querySelectorAll('text')).toHaveLength(2);
    expect(screen.getByTestId('day-2026-11-23').querySelectorAll('text')).toHaveLength(4);
  });

  it('runs right to left in Arabic, with Arabic weekday and month names on their own lines', async () => {
    await initI18n('ar');
    show();
    expect(screen.getByTestId('day-2026-11-23')).toHaveAttribute('data-slot', '2');
    expect(screen.getByTestId('day-2026-11-25')).toHaveAttribute('data-slot', '0');
    const monday = screen.getByTestId('day-2026-11-23');
    expect(monday).toHaveTextContent(/تسجيلات الدخول 40/);
    expect(monday).toHaveTextContent(/الاثنين\s*23 نوفمبر$/);
    expect(screen.getByRole('img', { name: 'عمليات الدخول والخروج يوميًا' })).toBeInTheDocument();
  });
});
