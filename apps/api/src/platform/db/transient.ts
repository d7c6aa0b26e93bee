import { causedBy } from '../errors';

/**
 * PostgreSQL's answers that say "the same transaction may well succeed if run again": a deadlock (40P01) and a
 * serialization failure (40001). Two wardens ending a roll-call while people are being marked can meet in a
 * deadlock; the database rolls one back, and running it again is the documented remedy.
 */
export const isTransient = (err: unknown): boolean => causedBy(err, (e) => e.code === '40P01' || e.code === '40001');

/**
 * Runs a transaction again (up to `attempts` times in all, after a short random pause) when the database rolled it
 * back for a deadlock or a serialization failure. `beforeRetry` undoes what the failed attempt queued outside the
 * database (real-time events, notices), so that nothing is told twice.
 */
export async function retryTransient<T>(run: () => Promise<T>, beforeRetry: () => void = () => undefined, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isTransient(err)) throw err;
      beforeRetry();
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
