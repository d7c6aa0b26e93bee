import { describe, expect, it } from 'vitest';
import { ApiError, OfflineError } from './api';
import { MemoryQueueStorage, OfflineQueue, type QueuedScan } from './offline-queue';

/** A fake server that records each idempotency key once (as the API does) and can be switched off. */
function server() {
  const recorded = new Map<string, QueuedScan['body']>();
  const state = { up: true, calls: 0, refuse: new Set<number>() };
  const send = async (body: QueuedScan['body']) => {
    state.calls += 1;
    if (!state.up) throw new OfflineError();
    if (state.refuse.has(body.user_id as number)) throw new ApiError(404, 'Person not found');
    const replayed = recorded.has(body.idempotency_key);
    if (!replayed) recorded.set(body.idempotency_key, body);
    return { replayed };
  };
  return { recorded, state, send };
}

describe('offline queue', () => {
  it('sends at once while the server answers, keeping nothing', async () => {
    const s = server();
    const q = new OfflineQueue(new MemoryQueueStorage(), s.send);
    const res = await q.submit({ user_id: 1, action: 'toggle' });
    expect(res.status).toBe('sent');
    expect(s.recorded.size).toBe(1);
    expect([...s.recorded.values()][0].offline).toBeUndefined();
    expect(await q.count()).toBe(0);
  });

  it('keeps sign-ins while the server is unreachable and sends each once, in order, when it is back', async () => {
    const s = server();
    const counts: number[] = [];
    const q = new OfflineQueue(new MemoryQueueStorage(), s.send, { onChange: (n) => counts.push(n) });
    s.state.up = false;
    const a = await q.submit({ user_id: 1, action: 'toggle' });
    const b = await q.submit({ user_id: 2, action: 'toggle' });
    expect([a.status, b.status]).toEqual(['queued', 'queued']);
    expect(await q.count()).toBe(2);
    expect(await q.flush()).toBe(0); // still down: nothing lost
    expect(await q.count()).toBe(2);
    s.state.up = true;
    // Two replays at once (timer and "online" event) still send each sign-in once.
    const [x, y] = await Promise.all([q.flush(), q.flush()]);
    expect(x + y).toBeGreaterThanOrEqual(2);
    expect(await q.count()).toBe(0);
    expect([...s.recorded.values()].map((r) => r.user_id)).toEqual([1, 2]);
    // Marked as kept offline: the server records them without what only it could have asked (host, entry condition).
    expect([...s.recorded.values()].every((r) => r.offline === 1)).toBe(true);
    expect(counts.at(-1)).toBe(0);
    expect(counts).toContain(2);
  });

  it('keeps the time and idempotency key of the moment the person signed in', async () => {
    const s = server();
    const q = new OfflineQueue(new MemoryQueueStorage(), s.send);
    s.state.up = false;
    const queued = await q.submit({ user_id: 3, action: 'toggle', at: '2026-11-22T08:00:00.000Z' });
    if (queued.status !== 'queued') throw new Error('expected queued');
    s.state.up = true;
    await q.flush();
    const sent = s.recorded.get(queued.item.key)!;
    expect(sent.at).toBe('2026-11-22T08:00:00.000Z');
    expect(sent.idempotency_key).toBe(queued.item.key);
    expect(sent.idempotency_key).toMatch(/^[\w.:-]{8,100}$/);
  });

  it('a new sign-in waits behind older ones so the order is kept', async () => {
    const s = server();
    const q = new OfflineQueue(new MemoryQueueStorage(), s.send);
    s.state.up = false;
    await q.submit({ user_id: 1, action: 'toggle' });
    s.state.up = true;
    const res = await q.submit({ user_id: 2, action: 'toggle' });
    expect(res.status).toBe('sent');
    expect([...s.recorded.values()].map((r) => r.user_id)).toEqual([1, 2]);
  });

  it('drops a replayed sign-in the server refuses (reported), keeps going, and never retries it', async () => {
    const s = server();
    const rejected: string[] = [];
    const q = new OfflineQueue(new MemoryQueueStorage(), s.send, { onRejected: (_i, e) => rejected.push(e.message) });
    s.state.up = false;
    await q.submit({ user_id: 9, action: 'toggle' });
    await q.submit({ user_id: 1, action: 'toggle' });
    s.state.up = true;
    s.state.refuse.add(9);
    expect(await q.flush()).toBe(2);
    expect(rejected).toEqual(['Person not found']);
    expect([...s.recorded.values()].map((r) => r.user_id)).toEqual([1]);
    expect(await q.count()).toBe(0);
  });

  it('a refusal while online is the caller’s to show, nothing queued', async () => {
    const s = server();
    s.state.refuse.add(5);
    const q = new OfflineQueue(new MemoryQueueStorage(), s.send);
    await expect(q.submit({ user_id: 5, action: 'toggle' })).rejects.toBeInstanceOf(ApiError);
    expect(await q.count()).toBe(0);
  });

  it('keeps a sign-in the server failed on (5xx) or that was rate limited (429) for a later try', async () => {
    const store = new MemoryQueueStorage();
    await store.put({ key: 'kiosk-abcdefgh', body: { idempotency_key: 'kiosk-abcdefgh', at: new Date().toISOString() }, queuedAt: new Date().toISOString() });
    for (const status of [500, 503, 429]) {
      const q = new OfflineQueue(store, async () => {
        throw new ApiError(status, 'busy');
      });
      expect(await q.flush()).toBe(0);
      expect(await q.count()).toBe(1);
    }
  });

  it('keeps a walk-in registration with its own call and replays it there, once', async () => {
    const s = server();
    const paths: (string | undefined)[] = [];
    const send = (body: QueuedScan['body'], path?: string) => {
      paths.push(path);
      return s.send(body);
    };
    const q = new OfflineQueue(new MemoryQueueStorage(), send);
    s.state.up = false;
    const res = await q.submit({ journey_flow_id: 3, first_name: 'Wanda' }, '/api/kiosk-app/visitor');
    expect(res.status).toBe('queued');
    s.state.up = true;
    expect(await q.flush()).toBe(1);
    expect(await q.flush()).toBe(0);
    expect(paths).toEqual(['/api/kiosk-app/visitor', '/api/kiosk-app/visitor']);
    expect(s.recorded.size).toBe(1);
  });
});
