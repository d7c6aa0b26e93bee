/**
 * A directory fake in a process of its own (so the benchmark measures only the API's memory): prints its
 * configuration as one JSON line, serves until killed. `DIRECTORY=paxton|google|azure USERS=20000` (Google and
 * Microsoft Graph with 200 groups).
 */
import { startGoogleFake, startGraphFake, startNet2Fake } from '../../apps/api/src/modules/integrations/testing';

const N = Number(process.env.USERS ?? 20_000);
const fake =
  process.env.DIRECTORY === 'google'
    ? await startGoogleFake({ users: N, groups: 200 })
    : process.env.DIRECTORY === 'azure'
      ? await startGraphFake({ users: N, groups: 200 })
      : await startNet2Fake({ users: N });
console.log(JSON.stringify(fake.config));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
