import { areas, devices, kiosks, sites } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';

type AreaSeed = { name: string; loginMode?: 'sign_in_out' | 'sign_in_only' | 'off'; autoSignOut?: 'none' | 'after_24_hours' | 'midnight'; remote?: boolean; children?: AreaSeed[] };

async function addAreas(tx: Db, entityId: number, siteId: number, list: AreaSeed[], parentId: number | null, out: Map<string, number>) {
  for (const a of list) {
    const [row] = await tx
      .insert(areas)
      .values({ entityId, siteId, parentId, name: a.name, loginMode: a.loginMode ?? 'sign_in_out', autoSignOutMode: a.autoSignOut ?? 'midnight', remoteAccess: a.remote ?? false })
      .returning({ id: areas.id });
    out.set(a.name, row.id);
    if (a.children) await addAreas(tx, entityId, siteId, a.children, row.id, out);
  }
}

/** A school with two sites, a tree of areas, a reception kiosk and doors. */
export const seedPlaces: DemoSeeder = async (services, ctx) => {
  await withTenant(services.database.db, ctx.entityId, async (tx) => {
    const [main, sixth] = await tx
      .insert(sites)
      .values([
        { entityId: ctx.entityId, name: 'Main Campus', locationName: 'Northfield Road, Leeds LS6 2AB', lat: 53.8195, lng: -1.5771, radius: 250, zoom: 16, timezone: 'Europe/London', geofencing: true },
        { entityId: ctx.entityId, name: 'Sixth Form Centre', locationName: 'Otley Road, Leeds LS16 5QG', lat: 53.8412, lng: -1.5905, radius: 120, zoom: 17, timezone: 'Europe/London' },
      ])
      .returning();
    const ids = new Map<string, number>();
    await addAreas(
      tx,
      ctx.entityId,
      main.id,
      [
        { name: 'Main Reception', remote: true },
        {
          name: 'Main Building',
          loginMode: 'off',
          children: [
            { name: 'Science Block', children: [{ name: 'Chemistry Lab' }, { name: 'Physics Lab' }] },
            { name: 'Library', autoSignOut: 'after_24_hours' },
          ],
        },
        { name: 'Sports Hall', loginMode: 'sign_in_only' },
        { name: 'Staff Car Park', loginMode: 'off', autoSignOut: 'none' },
      ],
      null,
      ids,
    );
    await addAreas(tx, ctx.entityId, sixth.id, [{ name: 'Sixth Form Reception' }, { name: 'Study Centre' }], null, ids);
    const [kiosk] = await tx
      .insert(kiosks)
      .values({
        entityId: ctx.entityId,
        siteId: main.id,
        areaId: ids.get('Main Reception')!,
        name: 'Reception Kiosk',
        macAddress: '00:1A:2B:3C:4D:5E',
        serial: 'R52N30LKQ7A',
        appVersion: '3.2.0',
        localSyncIp: '192.168.10.20',
        localSyncPort: 7001,
        settings: { temperature_unit: 'C', language: 'en', sign_out_enabled: true },
      })
      .returning({ id: kiosks.id });
    await tx.insert(devices).values([
      { entityId: ctx.entityId, siteId: main.id, areaId: ids.get('Main Reception')!, kioskId: kiosk.id, name: 'Reception Front Door', ioPort: 1 },
      { entityId: ctx.entityId, siteId: main.id, areaId: ids.get('Sports Hall')!, name: 'Sports Hall Fire Exit', ioPort: 2 },
      { entityId: ctx.entityId, siteId: sixth.id, areaId: ids.get('Sixth Form Reception')!, name: 'Sixth Form Entrance' },
    ]);
  });
};
