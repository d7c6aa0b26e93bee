import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisReachable() {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
const hasRedis = await redisReachable();
if (!hasRedis) console.warn(`Skipping the Redis failure-throttle test: Redis is not reachable at ${REDIS_URL}`);

async function exercise(t: FailureThrottle) {
  const key = `${randomUUID()}@example.test`;
  for (let i = 0; i < 3; i++) expect(await t.attempt(key)).toBe(true);
  expect(await t.attempt(key)).toBe(false);
  expect(await t.attempt(`other-${key}`)).toBe(true);
  await t.clear(key);
  expect(await t.attempt(key)).toBe(true);
  await t.attempt(key);
  await t.attempt(key);
  expect(await t.attempt(key)).toBe(false);
  await new Promise((r) => setTimeout(r, 350));
  expect(await t.attempt(key)).toBe(true); // the window has passed
}

/** Issue 16 part 5: 40 guesses at once; exactly `max` may go on to be checked. */
async function parallel(t: FailureThrottle) {
  const key = `${randomUUID()}@example.test`;
  const passed = (await Promise.all(Array.from({ length: 40 }, () => t.attempt(key)))).filter(Boolean);
  expect(passed).toHaveLength(10);
}

describe('FailureThrottle', () => {
  it('blocks a key after max attempts within the window, in memory', async () => {
    await exercise(new FailureThrottle({ name: 'test', max: 3, windowMs: 300 }));
    await parallel(new FailureThrottle({ name: 'test', max: 10, windowMs: 60_000 }));
  });

  it.skipIf(!hasRedis)('shares the count through Redis between processes, atomically', async () => {
    const name = `test-${randomUUID()}`;
    const a = new FailureThrottle({ name, max: 3, windowMs: 300, redisUrl: REDIS_URL });
    const c = new FailureThrottle({ name, max: 10, windowMs: 60_000, redisUrl: REDIS_URL });
    try {
      await exercise(a);
      await parallel(c);
      const key = `shared-${randomUUID()}@example.test`;
      const b = new FailureThrottle({ name, max: 3, windowMs: 5000, redisUrl: REDIS_URL });
      for (let i = 0; i < 3; i++) await a.attempt(key);
      expect(await b.attempt(key)).toBe(false);
      await b.clear(key);
      expect(await b.attempt(key)).toBe(true);
      await b.close();
    } finally {
      await a.close();
      await c.close();
    }
  });
});
