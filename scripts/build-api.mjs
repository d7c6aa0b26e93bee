#!/usr/bin/env node
// Builds the server: apps/api/src (and the shared contract) bundled into apps/api/dist/main.mjs with its source
// map, the embedded database's worker thread into apps/api/dist/embedded-worker.mjs and the spreadsheet reader's
// into apps/api/dist/sheet-worker.mjs. Packages from
// node_modules stay imports (native addons, files they read beside themselves). `npm start`,
// the end-to-end journeys and the benchmarks run this build, so what is measured and tested is what ships; the
// unit tests run the sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(root, 'apps/api/src'), join(root, 'packages/contract/src')];
export const SERVER = join(root, 'apps/api/dist/main.mjs');

/** The newest modification time under `dir` (build output and installed packages aside). */
function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Whether `output` is missing or older than a file under one of `dirs`. */
export const isStale = (output, dirs) => !existsSync(output) || Math.max(...dirs.map(newest)) > statSync(output).mtimeMs;

/** Whether the built server is missing or older than a source. */
export const serverIsStale = () => isStale(SERVER, sources);

export async function buildServer() {
  await build({
    // The embedded database's and the spreadsheet reader's worker threads are their own files beside the server
    // (platform/db/embedded.ts and platform/sheets/read-sheet.ts start them from the folder they run in).
    entryPoints: {
      main: join(root, 'apps/api/src/main.ts'),
      'embedded-worker': join(root, 'apps/api/src/platform/db/embedded-worker.mjs'),
      'sheet-worker': join(root, 'apps/api/src/platform/sheets/sheet-worker.mjs'),
    },
    outdir: dirname(SERVER),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-stay-imports',
        setup(b) {
          // Bare imports are packages, except the workspace's own contract (TypeScript sources, bundled in).
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gatehouse/') ? undefined : { external: true }));
        },
      },
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
