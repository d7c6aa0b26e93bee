import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    passWithNoTests: true,
    // Vitest's default is one worker less than the cores: one on the two-core machines, where the web group ran alone
    // on one core while the other idled (the api group starts after it).
    maxWorkers: 2,
  },
});
