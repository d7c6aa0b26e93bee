/**
 * The kiosk app's JavaScript as a kiosk loads it (issue 7: under 150 kB gzipped): the entry of kiosk.html and
 * every chunk it imports statically, from the built web app (`npm run build` first), and the lazy chunks it may
 * load later, gzipped.
 *
 *   node --import tsx bench/kiosk-bundle.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/signin';

const dist = join(ROOT, 'apps/web/dist');
if (!existsSync(join(dist, 'kiosk.html'))) {
  console.log('kiosk-bundle: skipped (run `npm run build` first)');
  process.exit(0);
}
const html = readFileSync(join(dist, 'kiosk.html'), 'utf8');
const roots = [...html.matchAll(/<script[^>]*src="\/?([^"]+\.js)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)].map((m) => m[1]);

/** The chunks a chunk imports: statically (`import … from "./x.js"`) and lazily (`import("./x.js")`). */
function importsOf(file: string) {
  const text = readFileSync(join(dist, file), 'utf8');
  const lazy = new Set([...text.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g), ...text.matchAll(/"assets\/([^"]+\.js)"/g)].map((m) => `assets/${m[1]}`));
  const all = [...text.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `assets/${m[1]}`);
  return { eager: all.filter((f) => !lazy.has(f)), lazy: [...lazy] };
}

function closure(start: string[], withLazy: boolean) {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f) || !existsSync(join(dist, f))) continue;
    seen.add(f);
    const { eager, lazy } = importsOf(f);
    todo.push(...eager, ...(withLazy ? lazy : []));
  }
  return seen;
}

const kb = (files: Set<string>) => +([...files].reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0) / 1024).toFixed(1);
const initial = closure(roots, false);
const everything = closure(roots, true);
const figures = { initialFiles: initial.size, initialGzipKb: kb(initial), withLazyFiles: everything.size, withLazyGzipKb: kb(everything), limitKb: 150 };
console.log(`kiosk app: ${figures.initialGzipKb} kB gzipped JavaScript on load (${initial.size} files), ${figures.withLazyGzipKb} kB with its lazy chunks; limit 150 kB`);
console.log(JSON.stringify(figures));
