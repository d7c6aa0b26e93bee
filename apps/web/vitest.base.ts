import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** What both web projects share (vitest.config.ts and vitest.mocks.config.ts). */
export const webTest = {
  environment: 'jsdom',
  setupFiles: ['./src/test-setup.ts'],
  passWithNoTests: true,
  // Vitest's default is one worker less than the cores: one on the two-core machines. The api project has two too
  // (the same group requires the same count).
  maxWorkers: 2,
} as const;

/**
 * The test files that replace modules with `vi.mock`, or that say `// vitest: own worker` (they read state other
 * files leave in shared modules): they need a fresh module registry each (an isolated worker), where the others
 * share their worker's loaded modules (React, Mantine, i18next: about a third of a file's cost).
 */
export const mockingFiles = (function find(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return find(path);
    return /\.test\.tsx?$/.test(e.name) && /vi\.mock\(|\/\/ vitest: own worker/.test(readFileSync(path, 'utf8')) ? [relative(root, path)] : [];
  });
})(join(root, 'src'));
