import pg from 'pg';
import type { Database } from './client';

/**
 * Listens to a PostgreSQL NOTIFY channel on either database: on PostgreSQL one dedicated node-postgres connection
 * (a pooled one would be handed to other queries); on the embedded database its one pooled connection (below). Notifications arrive only for
 * committed transactions, so a trigger's NOTIFY is an "after commit" event whatever code path wrote the rows.
 * The connection is re-opened after a loss (1 s later); `onReconnect` tells the caller it may have missed some.
 * Answers the function that stops listening.
 */
export async function listen(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  opts: { onReconnect?: () => void } = {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: invalid channel ${channel}`);
  if (database.kind === 'pglite') return listenEmbedded(database, channel, onPayload, opts);
  const options = (database.pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const open = async (again: boolean) => {
    const c = new pg.Client({ ...options, keepAlive: true });
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      retry = setTimeout(() => void open(true).catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      if (!again) throw err;
      if (!stopped) retry = setTimeout(() => void open(true).catch(() => undefined), 1000);
      return;
    }
    client = c;
    if (again) opts.onReconnect?.();
  };
  await open(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

/**
 * The embedded database is one backend behind one pooled connection (platform/db/client.ts): a second connection
 * would share that backend, and the notifications of a commit come back on the connection that committed. So the
 * pool's connection itself listens: `LISTEN` on each connection the pool opens (a replaced one says so through
 * `onReconnect`), and its `notification` events are the channel's.
 */
async function listenEmbedded(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  opts: { onReconnect?: () => void },
): Promise<() => Promise<void>> {
  const pool = database.pool;
  const heard = new WeakSet<pg.PoolClient>();
  const onNotification = (m: pg.Notification) => {
    if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
  };
  let first = true;
  const attach = (client: pg.PoolClient) => {
    if (heard.has(client)) return;
    heard.add(client);
    client.on('notification', onNotification);
    void client.query(`listen ${channel}`).catch(() => undefined);
    if (!first) opts.onReconnect?.();
  };
  pool.on('connect', attach);
  const client = await pool.connect();
  try {
    attach(client);
  } finally {
    client.release();
  }
  first = false;
  return async () => {
    pool.off('connect', attach);
    await pool.query(`unlisten ${channel}`).catch(() => undefined);
  };
}
