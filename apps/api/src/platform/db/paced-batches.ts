/**
 * Background work that changes many rows (an import, a purge) runs in batches, each its own transaction on a
 * connection; the embedded database has only one, and a kiosk waiting for it waits for the batch that holds it.
 * Batches are sized to hold it about BATCH_TARGET_MS, from how long the previous one took.
 */
export const BATCH_TARGET_MS = 40;

/** The next batch's size: the rows that fit in BATCH_TARGET_MS at the last batch's pace, at most twice as many, within [min, max]. */
export const nextBatchSize = (size: number, ms: number, { max, min = 10 }: { max: number; min?: number }) =>
  Math.max(min, Math.min(max, size * 2, Math.round((size * BATCH_TARGET_MS) / Math.max(ms, 1))));
