import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { zAreaBody, zAreaUpdateBody } from '@gatehouse/contract';
import { areas } from '../../db/schema/index';
import type { MemberActor } from '../../platform/auth/actor';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { closeOpenVisits, countSignedIn } from '../visits';
import { reachableSite } from '../sites';
import { checkAreaRefs, requirementIds, setRequirements } from './requirements';

type CreateBody = z.output<typeof zAreaBody>;
type UpdateBody = z.output<typeof zAreaUpdateBody>;

/** An area of the organisation in a site the actor may see, or 404. */
export async function reachableArea(tx: Db, actor: MemberActor, areaId: number) {
  const [area] = await tx
    .select()
    .from(areas)
    .where(and(eq(areas.id, areaId), eq(areas.entityId, actor.entityId)));
  if (!area) throw notFound();
  await reachableSite(tx, actor, area.siteId);
  return area;
}

/** Adds an area to a site, optionally under a parent area of the same site (rule 230). */
export async function createArea(tx: Db, actor: MemberActor, body: CreateBody) {
  const site = await reachableSite(tx, actor, body.site_id);
  if (body.parent_id) {
    const [parent] = await tx.select().from(areas).where(and(eq(areas.id, body.parent_id), eq(areas.entityId, actor.entityId)));
    if (!parent) throw badRequest({ parent_id: ['areas.parent_unknown'] });
    if (parent.siteId !== site.id) throw badRequest({ parent_id: ['areas.parent_other_site'] });
  }
  await checkAreaRefs(tx, actor.entityId, body);
  const [row] = await tx
    .insert(areas)
    .values({
      entityId: actor.entityId,
      siteId: site.id,
      parentId: body.parent_id ?? null,
      name: body.name,
      journeyId: body.journey_id ?? null,
      loginMode: body.login_mode,
      autoSignOutMode: body.auto_sign_out_mode,
      remoteAccess: body.remote_access,
      geofence: body.geofence,
    })
    .returning();
  await setRequirements(tx, actor.entityId, row.id, body);
  return { area: row, ...(await requirementIds(tx, actor.entityId, [row.id]))(row.id) };
}

/**
 * Edits an area. Removing the remote-access or geofence option is refused while people are signed in through it
 * (rule 235); a login mode change that ends sign-out auto-closes the visits signed in there (rules 154, 232).
 */
export async function updateArea(tx: Db, actor: MemberActor, areaId: number, body: UpdateBody) {
  const area = await reachableArea(tx, actor, areaId);
  await checkAreaRefs(tx, actor.entityId, body);
  const removingRemote = body.remote_access === false && area.remoteAccess;
  const removingGeofence = body.geofence === false && area.geofence;
  if (removingRemote || removingGeofence) {
    const counts = await countSignedIn(tx, actor.entityId, { areaIds: [area.id] });
    const errors: Record<string, string[]> = {};
    if (removingRemote && counts.remote > 0) errors.remote_access = ['areas.option_in_use'];
    if (removingGeofence && counts.geofence > 0) errors.geofence = ['areas.option_in_use'];
    if (Object.keys(errors).length) throw new AppError(409, 'areas.option_in_use', { errors });
  }
  let closed = 0;
  if (body.login_mode && body.login_mode !== area.loginMode && body.login_mode !== 'sign_in_out') {
    closed = (await closeOpenVisits(tx, { entityId: actor.entityId, areaIds: [area.id], method: 'area_mode_change' })).length;
  }
  const [row] = await tx
    .update(areas)
    .set({
      name: body.name,
      journeyId: body.journey_id,
      loginMode: body.login_mode,
      autoSignOutMode: body.auto_sign_out_mode,
      remoteAccess: body.remote_access,
      geofence: body.geofence,
      updatedAt: sql`now()`,
    })
    .where(and(eq(areas.id, area.id), eq(areas.entityId, actor.entityId)))
    .returning();
  await setRequirements(tx, actor.entityId, area.id, body);
  return { area: row, ...(await requirementIds(tx, actor.entityId, [area.id]))(area.id), closed };
}
