import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite's shared buffers are memory of this process (its worker thread): 32 MB rather than the default 128 MB
 * keeps the API well under its 600 MB budget (issue 7), while the pages a sign-in, the logbook and the daily counts
 * touch stay in them; other pages come from the operating system's file cache.
 */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=32MB'];

/** node-postgres reaches a Unix socket as `host` (its directory) and `port` (the `.s.PGSQL.<port>` name). */
const SOCKET_PORT = 5432;
/** A Unix socket's path is limited to about 107 bytes. */
const SOCKET_PATH_MAX = 100;

export interface EmbeddedServer {
  /** The directory of the socket, for node-postgres's `host`. */
  host: string;
  port: number;
  /** Writes the database as a tar file (`loadDataDir` reads it back): the tests' migrated template. */
  dump(file: string): Promise<void>;
  /** Closes PGlite cleanly in its thread, then ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts the embedded database in its worker thread (`embedded-worker.mjs`), on disk in `dataDir`, or in memory
 * loaded from a `template` tar file (tests). It listens on a Unix socket in `socketDir` (or, when that path would
 * be too long for a socket, in a private temporary directory).
 */
export async function startEmbedded(opts: { dataDir?: string; template?: string; socketDir: string }): Promise<EmbeddedServer> {
  let host = opts.socketDir;
  let ownDir: string | undefined;
  if (join(host, `.s.PGSQL.${SOCKET_PORT}`).length > SOCKET_PATH_MAX) host = ownDir = mkdtempSync(join(tmpdir(), 'gh-db-'));
  const socket = join(host, `.s.PGSQL.${SOCKET_PORT}`);
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir: opts.dataDir, template: opts.template, socket, startParams: PGLITE_START_PARAMS },
  });
  const reply = (expected: string) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (m: { type: string; message?: string }) => {
        if (m.type !== expected && m.type !== 'error') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (m.type === 'error') reject(new Error(`embedded database: ${m.message}`));
        else resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  try {
    await reply('ready');
  } catch (err) {
    await worker.terminate();
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    throw err;
  }
  let closed: Promise<void> | undefined;
  return {
    host,
    port: SOCKET_PORT,
    async dump(file) {
      const done = reply('dumped');
      worker.postMessage({ type: 'dump', file });
      await done;
    },
    close() {
      closed ??= (async () => {
        const done = reply('closed');
        worker.postMessage({ type: 'close' });
        await done.finally(() => worker.terminate());
        if (ownDir) rmSync(ownDir, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
