import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import type { CustomField } from '../api/custom-fields';
import { checkedOptions, CustomFieldInput } from './CustomFieldInput';

const field = (type: string, extra: Partial<CustomField> = {}): CustomField => ({ id: 1, section_id: 1, name: 'Answer', name_i18n: {}, type, display: null, options: [], options_i18n: [], binding: null, badge_printable: 0, fillable_by_user: 0, required_at_pre_registration: 0, ...extra });

function Harness({ f, onValue }: { f: CustomField; onValue: (v: string) => void }) {
  const [v, setV] = useState('');
  return <CustomFieldInput field={f} value={v} onChange={(x) => { setV(x); onValue(x); }} />;
}

describe('custom-field controls (rules 216, 218)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('rating scales: stars and smileys store 1-5 (chosen with the keyboard too), labels store the chosen label', async () => {
    for (const display of ['stars', 'smileys'] as const) {
      const seen = vi.fn();
      const view = renderAt(<Harness f={field('rating', { display })} onValue={seen} />);
      fireEvent.keyDown(await screen.findByLabelText('4 of 5'), { key: 'Enter' });
      expect(seen).toHaveBeenLastCalledWith('4');
      view.unmount();
    }
    const seen = vi.fn();
    renderAt(<Harness f={field('rating', { display: 'labels', options: ['Poor', 'Fine', 'Great'] })} onValue={seen} />);
    fireEvent.click(await screen.findByText('Great'));
    expect(seen).toHaveBeenLastCalledWith('Great');
  });

  it('number keeps digits (no e), toggles are 1 or 0, checkboxes a JSON list in the options’ order', async () => {
    const num = vi.fn();
    const a = renderAt(<Harness f={field('number')} onValue={num} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Answer' }), { target: { value: '12e3.5' } });
    expect(num).toHaveBeenLastCalledWith('123.5');
    a.unmount();
    const tog = vi.fn();
    const b = renderAt(<Harness f={field('toggle')} onValue={tog} />);
    const sw = await screen.findByRole('switch', { name: 'Answer' });
    fireEvent.click(sw);
    expect(tog).toHaveBeenLastCalledWith('1');
    fireEvent.click(sw);
    expect(tog).toHaveBeenLastCalledWith('0');
    b.unmount();
    const cb = vi.fn();
    renderAt(<Harness f={field('checkboxes', { options: ['Vegan', 'Halal', 'Kosher'] })} onValue={cb} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Kosher' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    expect(cb).toHaveBeenLastCalledWith('["Vegan","Kosher"]');
    expect(checkedOptions('["Vegan","Kosher"]')).toEqual(['Vegan', 'Kosher']);
    expect(checkedOptions('not json')).toEqual([]);
  });
});
