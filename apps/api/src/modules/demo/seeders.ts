import type { DemoSeeder } from '../../platform/seeding';
import { seedPlaces } from '../sites';
import { peopleDemo } from '../users';
import { seedJourneys } from '../journeys';
import { seedExpectedVisitors } from '../visits';
import { signinDemo } from '../signin';
import { seedDemoIntegration } from '../integrations';

/** Each area adds the sample data of its own tables here, in order (sites before areas before kiosks…). */
export const demoSeeders: DemoSeeder[] = [
  seedPlaces,
  peopleDemo,
  seedJourneys,
  seedExpectedVisitors,
  signinDemo,
  seedDemoIntegration,
];
