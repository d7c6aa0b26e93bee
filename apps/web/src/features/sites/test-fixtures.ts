/** Sites, areas and kiosks as the server answers them, for the /sites component tests. */
export const kioskFixture = (over: Record<string, unknown> = {}) => ({
  id: 7, entity_id: 1, name: 'Reception Kiosk', site_id: 3, area_id: 11, journey_id: null, mac_address: '00:1A:2B:3C:4D:5E', serial: null,
  app_version: '3.2.0', local_sync_ip: null, local_sync_port: null, settings: {}, status: 'active', online: 1, last_seen_at: '2026-01-01T08:00:00Z',
  created_at: '2026-01-01T00:00:00Z', ...over,
});

export const areaFixture = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id, entity_id: 1, site_id: 3, parent_id: null, name, journey_id: null, login_mode: 'sign_in_out', auto_sign_out_mode: 'midnight', remote_access: 0, geofence: 0,
  qr_code: 'abc', compliance_ids: [], document_type_ids: [], created_at: '', updated_at: '', kiosks: [], doors: [], children: [], ...over,
});

export const siteFixture = (over: Record<string, unknown> = {}) => ({
  id: 3, entity_id: 1, name: 'Main Campus', location_name: 'Northfield Road', lat: 53.8, long: -1.5, radius: 200, zoom: 16, timezone: 'Europe/London', geofencing: 1,
  fire_alarm: null, areas_count: 2, devices_count: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '', areas: [], ...over,
});

/** Main Campus: Main Building > Main Reception (with the kiosk); Sports Hall beside it; and an empty second site. */
export const treeFixture = () => ({
  data: [
    siteFixture({
      areas: [
        areaFixture(10, 'Main Building', { children: [areaFixture(11, 'Main Reception', { parent_id: 10, kiosks: [kioskFixture()], remote_access: 1, journey_id: 4, compliance_ids: [21], document_type_ids: [31] })] }),
        areaFixture(12, 'Sports Hall'),
      ],
    }),
    siteFixture({ id: 5, name: 'Sixth Form Centre', location_name: 'Mill Lane', geofencing: 0, areas_count: 0, devices_count: 0, areas: [] }),
  ],
  count: 2,
});

export const optionsFixture = {
  data: {
    journeys: [{ id: 4, name: 'Visitor journey' }],
    compliances: [{ id: 21, name: 'Safeguarding briefing' }, { id: 22, name: 'Health questions' }],
    documents: [{ id: 31, key: 'covid_vaccine', name: 'Vaccination certificate' }, { id: 32, key: 'test', name: 'PCR test result' }],
  },
};

/** The JSON body of the first call matching a method and path prefix. */
export function sent(f: { mock: { calls: unknown[] } }, method: string, prefix: string) {
  const call = (f.mock.calls as [string, RequestInit | undefined][]).find(([url, init]) => (init?.method ?? 'GET') === method && url.startsWith(prefix));
  return call ? (call[1]?.body ? JSON.parse(String(call[1].body)) : {}) : undefined;
}
