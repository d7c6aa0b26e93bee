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
  for (let i = 0; i < 3; i++) {
    expect(await t.blocked(key)).toBe(false);
    await t.fail(key);
  }
  expect(await t.blocked(key)).toBe(true);
  expect(await t.blocked(`other-${key}`)).toBe(false);
  await t.clear(key);
  expect(await t.blocked(key)).toBe(false);
  await t.fail(key);
  await t.fail(key);
  await t.fail(key);
  await new Promise((r) => setTimeout(r, 350));
  expect(await t.blocked(key)).toBe(false); // the window has passed
}

describe('FailureThrottle', () => {
  it('blocks a key after max failures within the window, in memory', async () => {
    await exercise(new FailureThrottle({ name: 'test', max: 3, windowMs: 300 }));
  });

  it.skipIf(!hasRedis)('shares the count through Redis between processes', async () => {
    const name = `test-${randomUUID()}`;
    const a = new FailureThrottle({ name, max: 3, windowMs: 300, redisUrl: REDIS_URL });
    try {
      await exercise(a);
      const key = 'shared@example.test';
      const b = new FailureThrottle({ name, max: 3, windowMs: 5000, redisUrl: REDIS_URL });
      for (let i = 0; i < 3; i++) await a.fail(key);
      expect(await b.blocked(key)).toBe(true);
      await b.clear(key);
      await b.close();
    } finally {
      await a.close();
    }
  });
});
