import { Redis } from 'ioredis';

/**
 * Counts failures per key (an e-mail address) within a window and blocks the key once it reaches `max`; a
 * success clears it. Kept in Redis when REDIS_URL is set (shared by every process), else in this process.
 * Unlike a request rate limit, a user who logs in successfully many times is never blocked.
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

  async blocked(k: string): Promise<boolean> {
    const redis = this.client();
    if (redis) return Number(await redis.get(this.key(k))) >= this.opts.max;
    const e = this.mem.get(k);
    if (!e || e.until < Date.now()) return false;
    return e.n >= this.opts.max;
  }

  async fail(k: string) {
    const redis = this.client();
    if (redis) {
      const n = await redis.incr(this.key(k));
      if (n === 1) await redis.pexpire(this.key(k), this.opts.windowMs);
      return;
    }
    const now = Date.now();
    const e = this.mem.get(k);
    if (!e || e.until < now) this.mem.set(k, { n: 1, until: now + this.opts.windowMs });
    else e.n++;
    if (this.mem.size > 100_000) for (const [key, v] of this.mem) if (v.until < now) this.mem.delete(key);
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
