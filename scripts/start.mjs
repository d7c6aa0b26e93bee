#!/usr/bin/env node
// `npm start`: builds the console and the server when missing or older than their sources, then starts the
// server (API, console, Socket.IO and jobs on one port). A `.env` file beside package.json is read when present.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isStale, SERVER, serverIsStale } from './build-api.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

if (existsSync(join(web, 'index.html'))) {
  if (isStale(built, [join(web, 'src'), join(root, 'packages/contract/src')])) {
    console.log('Building the console (first start or changed sources)…');
    const r = spawnSync('npm', ['run', 'build', '--workspace', '@gatehouse/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (serverIsStale()) {
  console.log('Building the server (first start or changed sources)…');
  await buildServer();
}

// Source maps: a stack trace in the log names the TypeScript file and line.
const args = ['--enable-source-maps'];
if (existsSync(join(root, '.env'))) args.push(`--env-file=${join(root, '.env')}`);
args.push(SERVER);
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
