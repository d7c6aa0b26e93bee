import { Redis } from 'ioredis';

/**
 * Counts attempts per key (an e-mail address) within a window; once `max` attempts are counted, further ones are
 * refused until the window passes, and a success clears the count. Each attempt is counted before it is checked,
 * atomically (an INCR in Redis, a synchronous update in this process), so parallel guesses cannot all pass the
 * check before the first failure is recorded: of 40 at once, exactly `max` are checked. Kept in Redis when
 * REDIS_URL is set (shared by every process), else in this process. A user who logs in successfully is never
 * blocked, however often.
 */
export class FailureThrottle {
  private mem = new Map<string, { n: number; until: number }>();
  private redis: Redis | null = null;

  constructor(
    private opts: { name: string; max: number; windowMs: number; redisUrl?: string },
  ) {}

  private client() {
    if (!this.opts.redisUrl) return null;
    this.redis ??= new Redis(this.opts.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
    return this.redis;
  }

  private key(k: string) {
    return `gatehouse-fail-${this.opts.name}-${k}`;
  }

  /** Counts one attempt for `k`; answers false when `max` attempts were already counted in the window. */
  async attempt(k: string): Promise<boolean> {
    const redis = this.client();
    if (redis) {
      // The window starts with the first attempt; SET NX and INCR run as one transaction, so a key never lacks
      // its expiry (a crash between two commands would otherwise block an address for good).
      const res = await redis.multi().set(this.key(k), 0, 'PX', this.opts.windowMs, 'NX').incr(this.key(k)).exec();
      const n = Number(res?.[1]?.[1]);
      return n <= this.opts.max;
    }
    const now = Date.now();
    const e = this.mem.get(k);
    if (!e || e.until < now) {
      this.mem.set(k, { n: 1, until: now + this.opts.windowMs });
      if (this.mem.size > 100_000) for (const [key, v] of this.mem) if (v.until < now) this.mem.delete(key);
      return 1 <= this.opts.max;
    }
    e.n++;
    return e.n <= this.opts.max;
  }

  async clear(k: string) {
    const redis = this.client();
    if (redis) await redis.del(this.key(k));
    else this.mem.delete(k);
  }

  async close() {
    await this.redis?.quit().catch(() => undefined);
  }
}
