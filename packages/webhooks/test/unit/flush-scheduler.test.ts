import { describe, expect, it } from 'vitest';
import { createFlushScheduler } from '../../src/server/flush-scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
  it('polls a store holding no group with reads alone', async () => {
    const { calls, flusher } = scheduler(() => null);
    await sleep(80);
    await flusher.stop();
    expect(calls.nextAt).toBeGreaterThan(3);
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
    await sleep(30);
    expect(calls.run).toBe(0);
    await sleep(60);
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
    await sleep(15);
    due = Date.now();
    flusher.at(due);
    await sleep(50);
    expect(calls.run).toBe(1);
    await sleep(30);
    await flusher.stop();
    expect(calls.run).toBe(1);
  });
});
