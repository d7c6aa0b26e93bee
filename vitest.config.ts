import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // The same worker count as `web`, which runs in the same group (apps/web/vitest.config.ts).
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node', maxWorkers: 2 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // Files share a worker's loaded modules: each builds its own app and database, and the modules keep no
          // state of a test (their caches are keyed by content). Importing the app once per worker instead of once
          // per file halves the suite's time on two cores.
          isolate: false,
          // Its own group: runs after the contract and web projects (two cores), with its own worker count.
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
