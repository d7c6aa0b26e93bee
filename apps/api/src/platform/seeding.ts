import type { Services } from './services';

/** What a first-start seeder is given: the demo organisation, its owner and its roles. */
export interface DemoContext {
  entityId: number;
  ownerUserId: number;
  roles: { id: number; key: string }[];
}

/**
 * One area's sample data for the first start's demo organisation. Each module exports its own seeder from its
 * `index.ts`; `modules/demo/seeders.ts` lists them in order (sites before areas before kiosks…).
 */
export type DemoSeeder = (services: Services, ctx: DemoContext) => Promise<void>;
