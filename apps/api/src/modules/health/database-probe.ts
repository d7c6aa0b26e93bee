import type { Database } from '../../platform/db/client';
import { inLane } from '../../platform/db/lanes';

export type DatabaseState = 'unknown' | 'up' | 'busy' | 'down';

/** How often the database is asked, and how long an answer may take before it counts as busy. */
export const PROBE_EVERY_MS = 5_000;
export const PROBE_WAIT_MS = 2_000;

/**
 * The database's state as the health check reports it, kept by a background probe (`select 1` in the device lane,
 * one at a time), so that `/api/health` answers from the process at once and never waits for the database's
 * connection: on the embedded database a long statement holds its only one. `busy`: the last probe was not
 * answered within PROBE_WAIT_MS; `down`: it failed.
 */
export class DatabaseProbe {
  state: DatabaseState = 'unknown';
  checkedAt: Date | null = null;
  latencyMs: number | null = null;
  private pending = false;
  private timer: NodeJS.Timeout;

  constructor(private database: Database) {
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
    void this.probe();
  }

  async probe() {
    if (this.pending) return;
    this.pending = true;
    const started = performance.now();
    let wait: NodeJS.Timeout | undefined;
    const late = new Promise<'busy'>((resolve) => (wait = setTimeout(() => resolve('busy'), PROBE_WAIT_MS)));
    const answer = inLane('device', () => this.database.sql.query('select 1')).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    this.state = await Promise.race([answer, late]);
    clearTimeout(wait);
    this.checkedAt = new Date();
    this.latencyMs = this.state === 'up' ? Math.round(performance.now() - started) : null;
    // A busy database is asked again only once it has answered the probe already sent, which then says how it is.
    const settled = await answer;
    if (this.state === 'busy') [this.state, this.checkedAt] = [settled, new Date()];
    this.pending = false;
  }

  stop() {
    clearInterval(this.timer);
  }
}
