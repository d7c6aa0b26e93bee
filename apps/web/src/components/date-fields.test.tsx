import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DayField } from './fields';

function Visit() {
  const [day, setDay] = useState('2026-03-05');
  return (
    <>
      <DayField label="Date" value={day} onChange={setDay} />
      <output data-testid="payload">{day}</output>
    </>
  );
}

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f) ? [p] : [];
  });

describe('dates as documented (rule 121: DD/MM/YYYY, the week starting on Monday)', () => {
  it('shows a day as DD/MM/YYYY, starts its weeks on Monday and still sends YYYY-MM-DD (rule 122)', async () => {
    render(
      <MantineProvider>
        <DatesProvider settings={{ locale: 'en' }}>
          <Visit />
        </DatesProvider>
      </MantineProvider>,
    );
    const input = screen.getByRole('button', { name: 'Date' });
    expect(input).toHaveTextContent('05/03/2026');
    await userEvent.setup().click(input);
    // The weekdays' header row of the month shown.
    await waitFor(() => expect(document.querySelector('thead tr')?.textContent).toBe('MoTuWeThFrSaSu'));
    const twelfth = [...document.querySelectorAll<HTMLButtonElement>('table button')].find((b) => b.textContent === '12' && !b.hasAttribute('data-outside'));
    await userEvent.setup().click(twelfth!);
    expect(screen.getByTestId('payload')).toHaveTextContent('2026-03-12');
  }, 30_000);

  it("no console or visitor page asks a date in the browser's own format (type=\"date\")", () => {
    const root = join(__dirname, '..');
    const offenders = sources(root).filter((f) => /type=["'](date|datetime-local)["']/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => f.slice(root.length + 1))).toEqual([]);
  });
});
