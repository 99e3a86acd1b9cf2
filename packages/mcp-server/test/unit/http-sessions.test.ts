import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionRegistry } from '../../src/http-sessions.ts';

const fakeSession = () => {
  const close = vi.fn(async () => {});
  return { session: { server: { close }, transport: { handleRequest: async () => {} } }, close };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session registry', () => {
  it('closes a session after idleMs without requests, and each request restarts the clock', async () => {
    const registry = createSessionRegistry({ idleMs: 1000 });
    const { session, close } = fakeSession();
    registry.add('s1', session);
    await vi.advanceTimersByTimeAsync(900);
    registry.touch('s1', false);
    await vi.advanceTimersByTimeAsync(900);
    expect(registry.size).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(registry.size).toBe(0);
    expect(close).toHaveBeenCalledOnce();
  });

  it('keeps a session while a request holds it, then expires it idleMs after the last one ends', async () => {
    const registry = createSessionRegistry({ idleMs: 1000 });
    const { session, close } = fakeSession();
    registry.add('s1', session);
    const first = registry.touch('s1', true);
    const second = registry.touch('s1', true);
    await vi.advanceTimersByTimeAsync(5000);
    first();
    first(); // releasing twice counts once
    await vi.advanceTimersByTimeAsync(5000);
    expect(registry.size).toBe(1);
    second();
    await vi.advanceTimersByTimeAsync(999);
    expect(registry.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(close).toHaveBeenCalledOnce();
  });

  it('never expires with idleMs 0; closeAll closes every session; remove forgets one', async () => {
    const registry = createSessionRegistry({ idleMs: 0 });
    const a = fakeSession();
    const b = fakeSession();
    registry.add('a', a.session);
    registry.add('b', b.session);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(registry.size).toBe(2);
    registry.remove('b');
    await registry.closeAll();
    expect(registry.size).toBe(0);
    expect(a.close).toHaveBeenCalledOnce();
    expect(b.close).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
