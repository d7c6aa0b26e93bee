/** The PostgreSQL database of a benchmark (`name`) on DATABASE_URL's server: fresh, or the kept one with BENCH_REUSE=1. */
import pg from 'pg';

export async function benchDatabase(script: string, name: string) {
  if (!process.env.DATABASE_URL) {
    console.log(`${script}: skipped (set DATABASE_URL to a PostgreSQL server to run it)`);
    process.exit(0);
  }
  const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  // BENCH_REUSE=1 measures again on the database a BENCH_SEED_ONLY=1 (or BENCH_KEEP=1) run left behind.
  const reuse = !!process.env.BENCH_REUSE && (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  if (!reuse) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  return { admin, url, reuse };
}
