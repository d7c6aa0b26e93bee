import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, started first: on a clean checkout (CI) Vitest has no timings and keeps the glob's
 * order, which put the api's sweeps and scale tests (apps/api/test, a fifth of the suite's time) last, so that one
 * of the two cores idled while the last of them ran alone. A part of a file's path is enough.
 */
const SLOW_FIRST = [
  'users-import/resume.test',
  'apps/api/test/hostile-input',
  'apps/api/test/busy-database',
  '-scale.test',
  'apps/api/test/sync-crash',
  'apps/api/test/cross-tenant',
  'apps/api/test/heavy-spreadsheet',
  'apps/api/test/permission-sweep',
  'integrations/directories.test',
  'compliance/online-compliance.test',
  'visits/public-safety.test',
  'users/duplicates.test',
  'users-import/import.test',
  'passport/two-step.test',
  'kiosks/kiosk-heartbeat.test',
  'visits/prereg.test',
  'compliance/link-jobs.test',
];

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((part) => f.moduleId.includes(part));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

// One group: the api, web and contract files share the two workers, so that neither project's last files leave a
// core idle while the other waits its turn. Vitest requires the same worker count across a group.
export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    projects: [
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
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
    ],
  },
});
