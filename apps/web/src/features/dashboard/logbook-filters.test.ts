import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_FILTERS, filterBy, filtersFromSearch, filtersToSearch } from './logbook-filters';

describe('logbook filters in the address (rules 164, 167)', () => {
  it('reads lists, dates, status and temperature, leaving out what is not valid', () => {
    const f = filtersFromSearch(new URLSearchParams('site_id=1,x,-2,3&input_method=qr,teleport&scan_type=auto_sign_out&status=signed_in&temperature=hot&start_date=2026-3-1&end_date=2026-03-09&search=ana'));
    expect(f).toEqual({ ...EMPTY_FILTERS, site_id: [1, 3], input_method: ['qr'], scan_type: ['auto_sign_out'], status: 'signed_in', end_date: '2026-03-09', search: 'ana' });
    expect(f.temperature).toBe('default');
    expect(filtersFromSearch(new URLSearchParams('status=nope')).status).toBeUndefined();
  });

  it('writes only what differs from no filter, and reads back what it wrote', () => {
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe('');
    const f = { ...EMPTY_FILTERS, area_id: [4, 5], temperature: 'not_taken', start_date: '2026-03-01', end_date: '2026-03-02' };
    const search = filtersToSearch(f);
    expect(search.toString()).toBe('start_date=2026-03-01&end_date=2026-03-02&area_id=4%2C5&temperature=not_taken');
    expect(filtersFromSearch(search)).toEqual(f);
  });

  it('always sends the temperature filter, "default" unless chosen, and counts what is on', () => {
    expect(filterBy(EMPTY_FILTERS)).toMatchObject({ temperature: 'default', area_id: undefined, search: undefined });
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, temperature: 'high', kiosk_id: [1], start_date: '2026-03-01' })).toBe(3);
  });
});
