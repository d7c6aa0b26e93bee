// @ts-check
/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs every query on the thread that
 * calls it, so it runs here, in a worker thread, and serves the PostgreSQL wire protocol on a Unix socket
 * (`embedded-socket.mjs`). The API's main thread reaches it with node-postgres, as it reaches a
 * PostgreSQL server: a slow query holds this thread, never the event loop that answers HTTP and sockets.
 *
 * Plain JavaScript on purpose: the worker imports only packages, and starting it needs no TypeScript loader (the
 * sources and the built server start the same file). Messages: the main thread posts `{ type: 'dump', file }`
 * (write the data directory as a tar file: the tests' migrated template) and `{ type: 'close' }` (stop serving,
 * close PGlite cleanly); the worker posts `ready`, `dumped`, `closed` or `error`.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serveEmbedded } from './embedded-socket.mjs';

/** @type {{ dataDir?: string, template?: string, socket: string, startParams: string[] }} */
const options = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

async function start() {
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.template ? new Blob([readFileSync(options.template)]) : undefined,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...options.startParams],
  });
  // A socket left by a process that died (the data directory's lockfile already says no other process runs).
  rmSync(options.socket, { force: true });
  // The main thread's pool holds one connection (a second one's query would wait for the first one's open
  // transaction, and the app would deadlock). More are accepted so that the pool's replacement of a connection it
  // dropped (a statement over its time limit) is not refused while the old one is still being cleaned up here.
  const server = await serveEmbedded(pglite, { path: options.socket, maxConnections: 4 });
  port.on('message', async (/** @type {{ type: string, file?: string }} */ message) => {
    try {
      if (message.type === 'dump' && message.file) {
        const file = message.file;
        await server.exclusive(async () => {
          const tar = await pglite.dumpDataDir('none');
          writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
        });
        port.postMessage({ type: 'dumped' });
      } else if (message.type === 'close') {
        await server.stop();
        await pglite.close();
        rmSync(options.socket, { force: true });
        port.postMessage({ type: 'closed' });
      }
    } catch (err) {
      port.postMessage({ type: 'error', message: /** @type {Error} */ (err).message });
    }
  });
  port.postMessage({ type: 'ready' });
}

start().catch((/** @type {Error} */ err) => port.postMessage({ type: 'error', message: err.message }));
