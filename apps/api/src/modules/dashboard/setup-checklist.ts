import { flag, SETUP_STEPS, type SetupStep } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { areas, kiosks, preRegistrationLinks, sites } from '../../db/schema/index';
import { rowsOf, type Db } from '../../platform/db/client';

/**
 * The first-run checklist (issue 15 part 4): what a new organisation has set up, read in one statement. A kiosk
 * counts once paired (it holds a device token); a journey once an area or a kiosk follows one; a link while it is
 * active and not expired.
 */
export async function setupChecklist(tx: Db, entityId: number) {
  const [row] = rowsOf<Record<SetupStep, boolean>>(
    await tx.execute(sql`select
      exists (select 1 from ${sites} where ${sites.entityId} = ${entityId}) as site,
      exists (select 1 from ${areas} where ${areas.entityId} = ${entityId}) as area,
      exists (select 1 from ${kiosks} where ${kiosks.entityId} = ${entityId} and ${kiosks.status} = 'active' and ${kiosks.deviceTokenHash} is not null) as kiosk,
      (exists (select 1 from ${areas} where ${areas.entityId} = ${entityId} and ${areas.journeyId} is not null)
        or exists (select 1 from ${kiosks} where ${kiosks.entityId} = ${entityId} and ${kiosks.status} = 'active' and ${kiosks.journeyId} is not null)) as journey,
      exists (select 1 from ${preRegistrationLinks} where ${preRegistrationLinks.entityId} = ${entityId} and ${preRegistrationLinks.active}
        and (${preRegistrationLinks.expiresAt} is null or ${preRegistrationLinks.expiresAt} > now())) as link`),
  );
  const steps = SETUP_STEPS.map((key) => ({ key, done: flag(row[key]) }));
  return { steps, complete: flag(steps.every((s) => s.done)) };
}
