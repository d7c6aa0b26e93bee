import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...a: unknown[]) => void>>();
  const socket = {
    active: true,
    on: vi.fn((ev: string, h: (...a: unknown[]) => void) => (handlers.get(ev) ?? handlers.set(ev, new Set()).get(ev)!).add(h)),
    off: vi.fn((ev: string, h: (...a: unknown[]) => void) => handlers.get(ev)?.delete(h)),
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(() => handlers.clear()),
  };
  const fire = (ev: string, ...a: unknown[]) => handlers.get(ev)?.forEach((h) => h(...a));
  return { handlers, socket, fire, io: vi.fn(() => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

import { connectRealtime } from './realtime';

describe('realtime client (rules 63-65)', () => {
  beforeEach(() => {
    fake.io.mockClear();
    fake.socket.disconnect.mockClear();
    fake.socket.connect.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the token, joins the entity room on every connection, and reconnects after 3000 ms', () => {
    vi.useFakeTimers();
    const onRole = vi.fn();
    const stop = connectRealtime('tok-1', 42, { pongUpdateUserRole: onRole });
    const [, opts] = fake.io.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(opts).toMatchObject({ auth: { token: 'tok-1' }, reconnection: true, reconnectionDelay: 3000, reconnectionDelayMax: 3000 });
    fake.fire('connect');
    expect(fake.socket.emit).toHaveBeenCalledWith('join', 42);
    fake.fire('pongUpdateUserRole', { user_id: 1 });
    expect(onRole).toHaveBeenCalledWith({ user_id: 1 });
    // a disconnect decided by the server is not retried by socket.io: we come back after 3 s
    fake.fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(2999);
    expect(fake.socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
    stop();
    expect(fake.socket.disconnect).toHaveBeenCalled();
  });

  it('the shell and a page share one connection, which closes when the last listener leaves', () => {
    const shell = vi.fn();
    const page = vi.fn();
    const stopShell = connectRealtime('tok-2', 7, { update: shell });
    const stopPage = connectRealtime('tok-2', 7, { update: page });
    expect(fake.io).toHaveBeenCalledTimes(1);
    fake.fire('update', { type: 'scan' });
    expect(shell).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(1);
    stopPage();
    stopPage();
    fake.fire('update', { type: 'scan' });
    expect(page).toHaveBeenCalledTimes(1);
    expect(shell).toHaveBeenCalledTimes(2);
    expect(fake.socket.disconnect).not.toHaveBeenCalled();
    stopShell();
    expect(fake.socket.disconnect).toHaveBeenCalledTimes(1);
    connectRealtime('tok-2', 7, {})();
    expect(fake.io).toHaveBeenCalledTimes(2);
  });
});
