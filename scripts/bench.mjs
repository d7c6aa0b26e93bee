#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ (or those named: npm run bench -- users-grid) one after the
// other; each prints its own figures. Set DATABASE_URL to include the PostgreSQL runs where a benchmark has one.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(join(root, 'bench'));
const wantedExactly = (w) => all.includes(`${w}.ts`);
const files = all
  .filter((f) => f.endsWith('.ts'))
  // A name picks that benchmark (signin-pg is not signin-pglite); a part of names picks every one containing it.
  .filter((f) => !wanted.length || wanted.some((w) => f === `${w}.ts` || (!wantedExactly(w) && f.includes(w))))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n### bench/${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', f)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
