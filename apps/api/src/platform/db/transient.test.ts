import { describe, expect, it } from 'vitest';
import { isTransient, retryTransient } from './transient';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryTransient (a deadlock or serialization failure runs the transaction again)', () => {
  it('runs again after a deadlock, undoing what the failed attempt queued, and answers the second result', async () => {
    const queued: string[] = [];
    let runs = 0;
    const result = await retryTransient(
      async () => {
        runs += 1;
        queued.push(`event of run ${runs}`);
        if (runs === 1) throw new Error('failed query', { cause: pgError('40P01') });
        return 'ended';
      },
      () => queued.splice(0),
    );
    expect(result).toBe('ended');
    expect(runs).toBe(2);
    expect(queued).toEqual(['event of run 2']);
  });

  it('gives up after three attempts, and never retries another error', async () => {
    let runs = 0;
    await expect(retryTransient(async () => { runs += 1; throw pgError('40001'); })).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(3);
    runs = 0;
    await expect(retryTransient(async () => { runs += 1; throw pgError('23505'); })).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
    expect(isTransient(pgError('57014'))).toBe(false);
  });
});
