import { describe, expect, it } from 'vitest';
import { BATCH_TARGET_MS, nextBatchSize } from './paced-batches';

describe('paced batches (the import, the purge)', () => {
  it('a batch that took too long makes the next one smaller, to hold the connection about BATCH_TARGET_MS', () => {
    // 5,000 rows in 7.6 s (a purge batch on the embedded database, session 24): the next takes about 26.
    expect(nextBatchSize(5000, 7600, { max: 5000 })).toBe(Math.round((5000 * BATCH_TARGET_MS) / 7600));
  });
  it('a quick batch lets the next one grow, at most doubling, never past the most', () => {
    expect(nextBatchSize(100, 4, { max: 5000 })).toBe(200);
    expect(nextBatchSize(4000, 4, { max: 5000 })).toBe(5000);
  });
  it('never fewer than the least', () => {
    expect(nextBatchSize(50, 60_000, { max: 500 })).toBe(10);
    expect(nextBatchSize(50, 60_000, { max: 500, min: 25 })).toBe(25);
  });
});
