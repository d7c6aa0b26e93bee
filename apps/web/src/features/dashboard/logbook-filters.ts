import { INPUT_METHODS, SCAN_TYPES, TEMPERATURE_FILTER_DEFAULT, TEMPERATURE_FILTERS, LOGBOOK_VISIT_STATUSES } from '@gatehouse/contract';

/**
 * The logbook's filters (rule 164's filterBy), kept in the page's address so that a link (the counts, another
 * page, a colleague) opens the logbook already filtered: `/filtered?area_id=3,4&scan_type=sign_in&start_date=…`.
 */
export interface LogbookFilters {
  start_date?: string;
  end_date?: string;
  site_id: number[];
  area_id: number[];
  kiosk_id: number[];
  user_type_id: number[];
  input_method: string[];
  scan_type: string[];
  status?: string;
  temperature: string;
  search: string;
}

export const EMPTY_FILTERS: LogbookFilters = { site_id: [], area_id: [], kiosk_id: [], user_type_id: [], input_method: [], scan_type: [], temperature: TEMPERATURE_FILTER_DEFAULT, search: '' };

const ID_LISTS = ['site_id', 'area_id', 'kiosk_id', 'user_type_id'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ids = (v: string | null) => (v ? v.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);
const oneOf = (allowed: readonly string[]) => (v: string | null) => (v ? v.split(',').filter((x) => allowed.includes(x)) : []);

/** Reads filters from an address; what is not a valid value is left out (a hand-edited link never breaks the page). */
export function filtersFromSearch(search: URLSearchParams): LogbookFilters {
  const f: LogbookFilters = { ...EMPTY_FILTERS };
  for (const k of ID_LISTS) f[k] = ids(search.get(k));
  f.input_method = oneOf(INPUT_METHODS)(search.get('input_method'));
  f.scan_type = oneOf(SCAN_TYPES)(search.get('scan_type'));
  const status = search.get('status');
  if (status && (LOGBOOK_VISIT_STATUSES as readonly string[]).includes(status)) f.status = status;
  const temperature = search.get('temperature');
  if (temperature && (TEMPERATURE_FILTERS as readonly string[]).includes(temperature)) f.temperature = temperature;
  for (const k of ['start_date', 'end_date'] as const) {
    const v = search.get(k);
    if (v && DATE.test(v)) f[k] = v;
  }
  f.search = (search.get('search') ?? '').slice(0, 100);
  return f;
}

/** Writes filters to an address: only what differs from no filter at all. */
export function filtersToSearch(f: LogbookFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.start_date) out.set('start_date', f.start_date);
  if (f.end_date) out.set('end_date', f.end_date);
  for (const k of [...ID_LISTS, 'input_method', 'scan_type'] as const) if (f[k].length) out.set(k, f[k].join(','));
  if (f.status) out.set('status', f.status);
  if (f.temperature !== TEMPERATURE_FILTER_DEFAULT) out.set('temperature', f.temperature);
  if (f.search.trim()) out.set('search', f.search.trim());
  return out;
}

/** The filterBy object the logbook call takes (the grid drops what is empty). Temperature is always sent: 'default' (rule 167). */
export function filterBy(f: LogbookFilters): Record<string, unknown> {
  return {
    start_date: f.start_date,
    end_date: f.end_date,
    site_id: f.site_id.length ? f.site_id : undefined,
    area_id: f.area_id.length ? f.area_id : undefined,
    kiosk_id: f.kiosk_id.length ? f.kiosk_id : undefined,
    user_type_id: f.user_type_id.length ? f.user_type_id : undefined,
    input_method: f.input_method.length ? f.input_method : undefined,
    scan_type: f.scan_type.length ? f.scan_type : undefined,
    status: f.status,
    temperature: f.temperature,
    search: f.search.trim() || undefined,
  };
}

/** How many filters are on (the search and the default temperature do not count). */
export const activeFilterCount = (f: LogbookFilters) =>
  [f.start_date || f.end_date, f.site_id.length, f.area_id.length, f.kiosk_id.length, f.user_type_id.length, f.input_method.length, f.scan_type.length, f.status, f.temperature !== TEMPERATURE_FILTER_DEFAULT].filter(Boolean).length;
