import { defineProject } from 'vitest/config';
import { mockingFiles, webTest } from './vitest.base.ts';

// The web tests that replace modules with vi.mock, each file in a fresh worker (vitest.base.ts).
export default defineProject({
  test: { ...webTest, name: 'web-mocks', include: mockingFiles.length ? mockingFiles : ['no-such-file'] },
});
