import { and, asc, eq } from 'drizzle-orm';
import { areas, devices, kiosks, sites } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { nest, presentArea, requirementIds } from '../areas';
import { presentDevice, presentKiosk } from '../kiosks';
import { presentSite } from './present';
import { reachableSiteIds, siteFilter } from './site-access';

/** The /sites page tree: each site with its areas nested, and each area's kiosks and doors (rule 229-230). */
export async function siteTree(tx: Db, actor: MemberActor, opts: { flat?: boolean } = {}) {
  const ids = await reachableSiteIds(tx, actor);
  const siteRows = await tx
    .select()
    .from(sites)
    .where(and(eq(sites.entityId, actor.entityId), siteFilter(sites.id, ids)))
    .orderBy(asc(sites.name), asc(sites.id));
  const areaRows = await tx
    .select()
    .from(areas)
    .where(and(eq(areas.entityId, actor.entityId), siteFilter(areas.siteId, ids)))
    .orderBy(asc(areas.name), asc(areas.id));
  const links = await requirementIds(tx, actor.entityId);
  const kioskRows = opts.flat ? [] : await tx.select().from(kiosks).where(and(eq(kiosks.entityId, actor.entityId), eq(kiosks.status, 'active'))).orderBy(asc(kiosks.name));
  const doorRows = opts.flat ? [] : await tx.select().from(devices).where(eq(devices.entityId, actor.entityId)).orderBy(asc(devices.name));
  return siteRows.map((s) => {
    const own = areaRows.filter((a) => a.siteId === s.id);
    const presented = own.map((a) => ({
      ...presentArea(a, links(a.id)),
      ...(opts.flat
        ? {}
        : {
            kiosks: kioskRows.filter((k) => k.areaId === a.id).map(presentKiosk),
            doors: doorRows.filter((d) => d.areaId === a.id).map(presentDevice),
          }),
    }));
    const devicesCount = doorRows.filter((d) => d.siteId === s.id).length + kioskRows.filter((k) => k.siteId === s.id).length;
    return { ...presentSite(s, { areas: own.length, devices: devicesCount }), areas: opts.flat ? presented : nest(presented) };
  });
}
