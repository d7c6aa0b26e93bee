import { afterEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const handlers = new Map<string, (...a: unknown[]) => void>();
  const socket = {
    active: true,
    on: vi.fn((ev: string, h: (...a: unknown[]) => void) => handlers.set(ev, h)),
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
  };
  return { handlers, socket, io: vi.fn(() => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

import { connectRealtime } from './realtime';

describe('realtime client (rules 63-65)', () => {
  afterEach(() => vi.useRealTimers());

  it('connects with the token, joins the entity room on every connection, and reconnects after 3000 ms', () => {
    vi.useFakeTimers();
    const onRole = vi.fn();
    const stop = connectRealtime('tok-1', 42, { pongUpdateUserRole: onRole });
    const [, opts] = fake.io.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(opts).toMatchObject({ auth: { token: 'tok-1' }, reconnection: true, reconnectionDelay: 3000, reconnectionDelayMax: 3000 });
    fake.handlers.get('connect')!();
    expect(fake.socket.emit).toHaveBeenCalledWith('join', 42);
    fake.handlers.get('pongUpdateUserRole')!({ user_id: 1 });
    expect(onRole).toHaveBeenCalledWith({ user_id: 1 });
    // a disconnect decided by the server is not retried by socket.io: we come back after 3 s
    fake.handlers.get('disconnect')!('io server disconnect');
    vi.advanceTimersByTime(2999);
    expect(fake.socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
    stop();
    expect(fake.socket.disconnect).toHaveBeenCalled();
  });
});
