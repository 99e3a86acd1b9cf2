import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlushScheduler } from '../../src/server/flush-scheduler.ts';

// On a fake clock: the scheduler's timer fires as the test advances time, and the async work of
// each pass (the store's promises) settles before the next timer.
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A scheduler over a store whose next flush is `next()`, counting what each pass asks of it; a
 * flush moves the group on (`flushed`), as the store's does.
 */
function scheduler(next: () => number | null, flushed: () => void = () => {}, pollMs = 10) {
  const calls = { run: 0, nextAt: 0 };
  const flusher = createFlushScheduler({
    run: async () => {
      calls.run++;
      flushed();
    },
    nextAt: async () => {
      calls.nextAt++;
      return next();
    },
    pollMs: () => pollMs,
    logger: quiet as never,
  });
  return { calls, flusher };
}

// A pass reads when the next group is due before it flushes: an idle store is polled with one
// read, and a flush (a write) runs only when a group is due.
describe('the group flush scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls a store holding no group with reads alone', async () => {
    const { calls, flusher } = scheduler(() => null);
    await advance(80);
    await flusher.stop();
    // A read at start and one every pollMs (10 ms) since.
    expect(calls.nextAt).toBe(9);
    expect(calls.run).toBe(0);
  });

  it('polls a group due later with reads alone, and flushes it once it is due', async () => {
    let due: number | null = Date.now() + 60;
    const { calls, flusher } = scheduler(
      () => due,
      () => {
        due = null;
      },
    );
    await advance(59);
    expect(calls.run).toBe(0);
    await advance(1);
    expect(calls.run).toBe(1);
    await advance(30);
    await flusher.stop();
    expect(calls.run).toBe(1);
  });

  it('flushes at once what an ingest says is due now, then reads the next', async () => {
    let due: number | null = null;
    const { calls, flusher } = scheduler(
      () => due,
      () => {
        due = null;
      },
      // The poll is a second away: only `at` can start this flush.
      1000,
    );
    await advance(15);
    due = Date.now();
    flusher.at(due);
    await advance(0);
    expect(calls.run).toBe(1);
    await advance(900);
    await flusher.stop();
    expect(calls.run).toBe(1);
  });
});
