// @ts-check
/**
 * The PostgreSQL wire protocol on a Unix socket, served by PGlite: the embedded database's side of the API's
 * node-postgres pool. PGlite is ONE backend (one session), so every connection shares its transaction state,
 * its prepared statements and its extended-protocol state. This server keeps that sharing safe:
 *
 * - One connection at a time owns the backend from its first message until the backend is idle again (a Sync or
 *   a simple Query answered with ReadyForQuery "idle"); other connections' messages wait, in arrival order.
 * - A connection that closes (node-postgres drops one whose statement ran past its client-side limit) is cleaned
 *   up before anyone else is served: its extended-protocol state ended (Sync), its open transaction rolled back,
 *   and the prepared statements it named deallocated. Without this its replacement's first prepared statement
 *   failed with "already exists", forever: every request of the server answered 500 (seen in CI).
 * - A named statement that another connection still holds is deallocated before the new connection's Parse.
 * - A failure in one message closes that connection; the queue keeps going (it never stalls).
 *
 * `@electric-sql/pglite-socket` (0.2.17) did neither of the last three, which is why this file exists
 * (docs/decisions.md, "The embedded database's socket").
 */
import { createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);

/** A simple-protocol Query message. */
function queryMessage(/** @type {string} */ text) {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg[0] = 0x51;
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}

/** A quoted identifier (statement names come from the client). */
const ident = (/** @type {string} */ name) => `"${name.replace(/"/g, '""')}"`;

/** An ErrorResponse, for a connection refused before it reached the backend. */
function errorMessage(/** @type {string} */ code, /** @type {string} */ text) {
  const fields = Buffer.from(`SFATAL\0C${code}\0M${text}\0\0`, 'utf8');
  const msg = Buffer.alloc(5 + fields.length);
  msg[0] = 0x45;
  msg.writeInt32BE(4 + fields.length, 1);
  fields.copy(msg, 5);
  return msg;
}

/**
 * @typedef {{ id: number, socket: import('node:net').Socket, buffer: Buffer, greeted: boolean, closed: boolean, names: Set<string> }} Connection
 * @typedef {{ conn: Connection, message: Buffer } | { cleanup: Connection } | { task: () => Promise<void>, done: (err?: unknown) => void }} Job
 */

/**
 * Serves `pglite` on the Unix socket `path`. Answers `{ stop, exclusive }`: `exclusive(fn)` runs `fn` (a dump)
 * between two connections' turns, when nobody owns the backend.
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {{ path: string, maxConnections: number }} options
 */
export async function serveEmbedded(pglite, options) {
  /** @type {Job[]} */
  let queue = [];
  /** @type {Set<Connection>} */
  const connections = new Set();
  /** The connection whose turn it is (null: the backend is idle). */
  /** @type {Connection | null} */
  let owner = null;
  /** The backend's transaction status from its last ReadyForQuery: I (idle), T (in a block), E (failed block). */
  let status = 'I';
  /** Who holds each prepared statement name in the shared backend. */
  /** @type {Map<string, Connection>} */
  const holders = new Map();
  let running = false;
  /** Settles when the message being run (if any) is done: `stop` waits for it before PGlite is closed. */
  /** @type {Promise<unknown>} */
  let idle = Promise.resolve();
  /** Once stopping, nothing more is run (PGlite is about to close). */
  let stopped = false;
  let nextId = 1;
  /** Connections whose startup message the backend has answered. */
  /** @type {WeakSet<Connection>} */
  const started = new WeakSet();

  /**
   * Runs one wire message; `onData` gets the answer's bytes. Keeps `status` from the answer's ReadyForQuery and
   * answers the type of the answer's first message (-1: no answer).
   */
  async function exec(/** @type {Uint8Array} */ message, /** @type {(chunk: Uint8Array) => void} */ onData) {
    let tail = Buffer.alloc(0);
    let first = -1;
    await pglite.runExclusive(() =>
      pglite.execProtocolRawStream(message, {
        onRawData: (chunk) => {
          if (first < 0 && chunk.length) first = chunk[0];
          onData(chunk);
          tail = Buffer.concat([tail, Buffer.from(chunk)]).subarray(-6);
        },
      }),
    );
    if (tail.length === 6 && tail[0] === 0x5a && tail.readInt32BE(1) === 5) status = String.fromCharCode(tail[5]);
    return first;
  }
  const quietly = (/** @type {Uint8Array} */ message) => exec(message, () => undefined);

  /** Deallocates `names` in the backend (the statements of a connection that closed, or that another one needs). */
  async function deallocate(/** @type {Iterable<string>} */ names) {
    for (const name of names) {
      holders.delete(name);
      await quietly(queryMessage(`deallocate ${ident(name)}`));
    }
  }

  /** The next job that may run: a cleanup or a task only while nobody owns the backend; messages of the owner first. */
  function take() {
    const at = queue.findIndex((job) => {
      if ('conn' in job) return !owner || job.conn === owner;
      if ('cleanup' in job) return !owner || job.cleanup === owner;
      return !owner;
    });
    return at < 0 ? undefined : queue.splice(at, 1)[0];
  }

  async function run(/** @type {Job} */ job) {
    if ('task' in job) {
      try {
        await job.task();
        job.done();
      } catch (err) {
        job.done(err);
      }
      return;
    }
    if ('cleanup' in job) {
      const conn = job.cleanup;
      if (owner === conn) {
        // End whatever the connection left half done: an extended-protocol sequence (or its error, which makes
        // the backend skip messages until a Sync), then its transaction block.
        await quietly(SYNC);
        if (status !== 'I') await quietly(queryMessage('rollback'));
        owner = null;
      }
      await deallocate([...conn.names].filter((name) => holders.get(name) === conn));
      return;
    }
    const { conn, message } = job;
    const startup = !started.has(conn);
    const type = startup ? 0 : message[0];
    /** The name of a Parse (the first string of its body): a named statement the backend will hold for `conn`. */
    const parsed = type === 0x50 ? message.toString('utf8', 5, message.indexOf(0, 5)) : '';
    if (parsed) {
      // Another connection's statement of that name is that connection's no more (it closed, or is closing: the
      // pool keeps one connection).
      const holder = holders.get(parsed);
      if (holder && holder !== conn) await deallocate([parsed]);
    }
    owner = conn;
    const answer = await exec(message, (chunk) => {
      if (!conn.closed && conn.socket.writable) conn.socket.write(Buffer.from(chunk));
    });
    started.add(conn);
    if (parsed && answer === 0x31) {
      // ParseComplete: the backend holds it now.
      holders.set(parsed, conn);
      conn.names.add(parsed);
    }
    // The turn ends when the backend is idle at a message boundary the client chose (Sync, simple Query, startup).
    if ((type === 0x53 || type === 0x51 || startup) && status === 'I') owner = null;
  }

  async function pump() {
    if (running || stopped) return;
    running = true;
    let finished = () => {};
    idle = new Promise((resolve) => (finished = () => resolve(undefined)));
    try {
      for (let job = stopped ? undefined : take(); job; job = stopped ? undefined : take()) {
        try {
          await run(job);
        } catch (err) {
          // One message's failure closes its connection (its cleanup is queued); the queue goes on.
          console.error('[db] embedded database: a message failed:', /** @type {Error} */ (err).message);
          if ('conn' in job) job.conn.socket.destroy();
          else if ('cleanup' in job && owner === job.cleanup) owner = null;
        }
      }
    } finally {
      running = false;
      finished();
    }
  }

  /** Splits what a connection sent into wire messages (the first one has no type byte) and queues them. */
  function receive(/** @type {Connection} */ conn, /** @type {Buffer} */ data) {
    conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, data]) : data;
    for (;;) {
      const headerless = !conn.greeted;
      const lengthAt = headerless ? 0 : 1;
      if (conn.buffer.length < lengthAt + 4) break;
      const length = conn.buffer.readInt32BE(lengthAt);
      if (length < 4) {
        conn.socket.destroy();
        return;
      }
      const size = lengthAt + length;
      if (conn.buffer.length < size) break;
      const message = Buffer.from(conn.buffer.subarray(0, size));
      conn.buffer = conn.buffer.subarray(size);
      if (headerless) {
        const code = size >= 8 ? message.readInt32BE(4) : 0;
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          // PGlite cannot cancel a running statement (no timer signal): the client's own limit stands in for it.
          conn.socket.end();
          return;
        }
        conn.greeted = true;
      } else if (message[0] === 0x58) {
        // Terminate: the connection ends here; the backend goes on serving the others.
        conn.socket.end();
        return;
      }
      queue.push({ conn, message });
    }
    void pump();
  }

  function close(/** @type {Connection} */ conn) {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    queue = queue.filter((job) => !('conn' in job) || job.conn !== conn);
    // Before anyone else is served (a running message of this connection finishes first).
    queue.unshift({ cleanup: conn });
    void pump();
  }

  const server = createServer((socket) => {
    if (connections.size >= options.maxConnections) {
      socket.end(errorMessage('53300', 'too many connections to the embedded database'));
      return;
    }
    /** @type {Connection} */
    const conn = { id: nextId++, socket, buffer: Buffer.alloc(0), greeted: false, closed: false, names: new Set() };
    connections.add(conn);
    socket.setNoDelay?.(true);
    socket.on('data', (data) => receive(conn, data));
    socket.on('error', () => close(conn));
    socket.on('close', () => close(conn));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.path, () => resolve(undefined));
  });

  return {
    /** Runs `task` while no connection owns the backend. */
    exclusive(/** @type {() => Promise<void>} */ task) {
      return new Promise((resolve, reject) => {
        queue.push({ task, done: (err) => (err ? reject(err) : resolve(undefined)) });
        void pump();
      });
    },
    async stop() {
      stopped = true;
      for (const job of queue) if ('task' in job) job.done(new Error('the embedded database is closing'));
      queue = [];
      for (const conn of connections) conn.socket.destroy();
      await idle;
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
