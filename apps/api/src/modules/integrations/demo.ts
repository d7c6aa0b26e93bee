import { and, eq, inArray } from 'drizzle-orm';
import { integrations, sites, userTypes } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { DemoSeeder } from '../../platform/seeding';
import { adapterFor } from './adapters/index';
import { demoDirectories } from './fakes/demo';
import { seal } from './store';
import { listGroups, saveGroups } from './sync';

/**
 * The demo organisation's Wonde integration, pointing at the local Wonde fake (fakes/demo.ts): authenticated, its
 * pupils and staff mapped to the Pupil and Staff types at the Main Campus, not yet synced — the first sync, its
 * lists and the migration are the newcomer's to try. Nothing when the fakes are not running.
 */
export const seedDemoIntegration: DemoSeeder = async (services, ctx) => {
  const fakes = demoDirectories();
  if (!fakes) return;
  // The fake is this process's own; should it not answer, the demo goes on without the integration.
  const groups = await listGroups(adapterFor('wonde', fakes.wonde)).catch((err: Error) => {
    console.error(`Demo Wonde integration not created: ${err.message}`);
    return null;
  });
  if (!groups) return;
  await withTenant(services.database.db, ctx.entityId, async (tx) => {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.entityId, ctx.entityId)).orderBy(sites.id).limit(1);
    const types = await tx.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(and(eq(userTypes.entityId, ctx.entityId), inArray(userTypes.name, ['Pupil', 'Staff'])));
    const typeId = (name: string) => types.find((t) => t.name === name)?.id;
    if (!site || !typeId('Pupil') || !typeId('Staff')) return;
    const [row] = await tx
      .insert(integrations)
      .values({
        entityId: ctx.entityId,
        name: 'Wonde (demo school)',
        type: 'wonde',
        credentials: seal(services.config.secretKey, ctx.entityId, fakes.wonde),
        tokenAt: new Date(),
        siteIds: [site.id],
        mappedFields: { first_name: 'forename', last_name: 'surname', email: 'contact_details.data.emails.email' },
        groups: [
          { group_id: 'kind:student', user_type_id: typeId('Pupil')! },
          { group_id: 'kind:employee', user_type_id: typeId('Staff')! },
        ],
        createdBy: ctx.ownerUserId,
      })
      .returning();
    await saveGroups(tx, row, groups);
  });
};
