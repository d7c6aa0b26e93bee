import { defineProject } from 'vitest/config';
import { mockingFiles, webTest } from './vitest.base.ts';

// The console's and kiosk's tests whose files mock no module (those run in vitest.mocks.config.ts): they share their
// worker's loaded modules, and each test unmounts what it rendered (src/test-setup.ts).
export default defineProject({
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: mockingFiles,
    isolate: false,
  },
});
