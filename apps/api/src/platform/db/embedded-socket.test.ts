import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedServer, startEmbedded } from './embedded';

// The embedded database is one PostgreSQL backend shared by every connection to its socket (embedded-socket.mjs).
// node-postgres drops a connection whose statement ran past its client-side limit and opens another: the new one
// must find the backend as a new session would, or every request after the first slow one fails (seen in CI: all
// logins answered 500 after one statement over the console's limit, because the replacement's first named
// statement "already exists").
let server: EmbeddedServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gh-socket-'));
  server = await startEmbedded({ socketDir: dir });
  const setup = await connect();
  await setup.query('create table marks (n int)');
  await setup.end();
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function connect() {
  const client = new pg.Client({ host: server.host, port: server.port, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** A statement that keeps the backend busy for a while (PGlite has no timer for pg_sleep to wait on). */
const SLOW = 'select count(*) from generate_series(1, 2000000) a';
const NAMED = { name: 'gh_socket_test', text: 'select $1::int + 1 as n' };

describe('the embedded database socket', () => {
  it('a connection dropped mid-transaction during a slow statement leaves nothing behind for the next one', async () => {
    const a = await connect();
    await a.query({ ...NAMED, values: [1] });
    await a.query('begin');
    await a.query('insert into marks values (1)');
    const slow = a.query(SLOW).catch((e: Error) => e);
    // The pool's way of giving up on a statement: the socket goes, the statement still runs in the backend.
    await new Promise((r) => setTimeout(r, 50));
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect(await slow).toBeInstanceOf(Error);

    const b = await connect();
    // Its own named statement prepares (the dropped connection's one of the same name is gone)…
    expect((await b.query({ ...NAMED, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect((await b.query({ ...NAMED, values: [1] })).rows).toEqual([{ n: 2 }]);
    // …the dropped connection's transaction was rolled back, and b is not inside it.
    expect((await b.query('select count(*)::int as n from marks')).rows).toEqual([{ n: 0 }]);
    expect((await b.query('select now() = statement_timestamp() as own')).rows).toEqual([{ own: true }]);
    await b.end();
  }, 60_000);

  it("a second connection waits for the first one's transaction, then sees what it committed", async () => {
    const a = await connect();
    const b = await connect();
    await a.query('begin');
    await a.query('insert into marks values (7)');
    const order: string[] = [];
    const seen = b.query('select count(*)::int as n from marks where n = 7').then((r) => (order.push('b read'), r.rows[0].n as number));
    await new Promise((r) => setTimeout(r, 100));
    order.push('a commits');
    await a.query('commit');
    expect(await seen).toBe(1);
    expect(order).toEqual(['a commits', 'b read']);
    await a.end();
    await b.end();
  }, 60_000);

  it('a connection that ended cleanly gives its statement names back', async () => {
    const a = await connect();
    await a.query({ ...NAMED, values: [1] });
    await a.end();
    const b = await connect();
    const names = await b.query("select name from pg_prepared_statements where name = 'gh_socket_test'");
    expect(names.rows).toEqual([]);
    await b.end();
  }, 60_000);
});
