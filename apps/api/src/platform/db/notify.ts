import pg from 'pg';
import type { Database } from './client';

/**
 * Listens to a PostgreSQL NOTIFY channel on either database: on the embedded one through its pool (one backend),
 * on PostgreSQL through one dedicated node-postgres connection (a pooled one would be handed to other queries). Notifications arrive only for
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
  if (database.kind === 'pglite') {
    // The embedded database is one backend behind its socket: it listens once, and a notification comes back on
    // the connection whose commit caused it, which the pool forwards.
    const stop = database.pool.onNotification((m) => {
      if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
    });
    await database.sql.exec(`listen ${channel}`);
    return async () => {
      stop();
      await database.sql.exec(`unlisten ${channel}`).catch(() => undefined);
    };
  }
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
