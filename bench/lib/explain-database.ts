import pg from 'pg';
import { openDatabase } from '../../apps/api/src/platform/db/client';

/**
 * The explain scripts' database: a benchmark's seeded PostgreSQL database `name` (left by `seededBy` with
 * BENCH_SEED_ONLY=1), opened on one connection that has PostgreSQL report every statement's plan to this client
 * (auto_explain). Plans are printed while `explain.printing` is true. Exits with a note when there is none.
 */
export async function openExplained(script: string, name: string, seededBy: string) {
  const server = process.env.DATABASE_URL;
  const admin = server ? new pg.Pool({ connectionString: server, max: 1 }) : null;
  const exists = admin ? (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0 : false;
  await admin?.end();
  if (!server || !exists) {
    console.log(`${script}: skipped (needs DATABASE_URL and the ${name} database: run ${seededBy} with BENCH_SEED_ONLY=1)`);
    process.exit(0);
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  const explain = { printing: false };
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: 1,
    onConnect: (client) => {
      client.on('notice', (n) => explain.printing && console.log(n.message, '\n'));
      void client.query(`load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice;
        set auto_explain.log_timing = on`);
    },
  });
  return { database, explain };
}
