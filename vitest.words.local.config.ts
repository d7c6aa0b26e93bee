import { defineConfig } from 'vitest/config';
export default defineConfig({
  root: '/work/wt/words',
  test: {
    name: 'api',
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['/work/wt/words/apps/api/test/global-setup.ts'],
    testTimeout: 400_000,
    hookTimeout: 400_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
