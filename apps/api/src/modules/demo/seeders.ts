import type { Services } from '../../platform/services';
import { seedPlaces } from '../sites/demo';
import { signinDemo } from '../signin/demo';

export interface DemoContext {
  entityId: number;
  ownerUserId: number;
  roles: { id: number; key: string }[];
}
export type DemoSeeder = (services: Services, ctx: DemoContext) => Promise<void>;

/** Each area adds the sample data of its own tables here, in order (sites before areas before kiosks…). */
export const demoSeeders: DemoSeeder[] = [
  seedPlaces,
  signinDemo,
];
