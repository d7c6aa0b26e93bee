/** The directory fakes, for tests, journeys and benchmarks elsewhere (lint allows `<module>/testing` there). */
export { startGoogleFake } from './fakes/google';
export { startGraphFake } from './fakes/graph';
export { startNet2Fake } from './fakes/net2';
export { startWondeFake } from './fakes/wonde';
export { runWriteback } from './writeback';
