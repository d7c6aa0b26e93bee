import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField, numericValue } from './fields';

function Phone() {
  const [v, setV] = useState('');
  return <NumberField label="Phone" value={v} onChange={setV} maxLength={5} required />;
}

describe('shared form widgets (rule 120)', () => {
  it('a numeric input blocks the letter e, keeps digits and truncates to its maximum length', async () => {
    render(
      <MantineProvider>
        <Phone />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.setup().type(input, '12e3-4x567');
    expect(input).toHaveValue('12345');
    expect(screen.getByText('*')).toBeInTheDocument(); // the required asterisk
  });
  it('numericValue keeps one decimal point when decimals are allowed', () => {
    expect(numericValue('1.2.3a', undefined, true)).toBe('1.23');
    expect(numericValue('1.2.3a')).toBe('123');
    expect(numericValue('123456', 4)).toBe('1234');
  });
});
