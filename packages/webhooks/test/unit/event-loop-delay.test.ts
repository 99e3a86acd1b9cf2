import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type EventLoopDelayReading,
  renderEventLoopDelay,
  startEventLoopDelay,
} from '../../src/server/event-loop-delay.ts';

const reading = (over: Partial<EventLoopDelayReading>): EventLoopDelayReading => ({
  quantiles: [
    [0.5, 0.0001],
    [0.9, 0.0004],
    [0.99, 0.0021],
  ],
  maxSeconds: 0.0123,
  sumSeconds: 1.5,
  count: 60_000,
  ...over,
});

describe('event loop delay on /metrics', () => {
  it.each([
    [
      'a summary by quantile, cumulative sum and count, and the max',
      {
        given: reading({}),
        want: [
          '# TYPE trackerkit_webhooks_event_loop_delay_seconds summary',
          'trackerkit_webhooks_event_loop_delay_seconds{quantile="0.5"} 0.0001',
          'trackerkit_webhooks_event_loop_delay_seconds{quantile="0.99"} 0.0021',
          'trackerkit_webhooks_event_loop_delay_seconds_sum 1.5',
          'trackerkit_webhooks_event_loop_delay_seconds_count 60000',
          '# TYPE trackerkit_webhooks_event_loop_delay_max_seconds gauge',
          'trackerkit_webhooks_event_loop_delay_max_seconds 0.0123',
        ],
      },
    ],
    [
      'an empty window: NaN quantiles and max, as Prometheus clients render them',
      {
        given: reading({ quantiles: [[0.99, Number.NaN]], maxSeconds: Number.NaN, sumSeconds: 0, count: 0 }),
        want: [
          'trackerkit_webhooks_event_loop_delay_seconds{quantile="0.99"} NaN',
          'trackerkit_webhooks_event_loop_delay_max_seconds NaN',
          'trackerkit_webhooks_event_loop_delay_seconds_count 0',
        ],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const lines = renderEventLoopDelay(given).split('\n');
    for (const line of want) expect(lines).toContain(line);
  });

  it('ends with a newline and every sample line parses as name{labels} number', () => {
    const text = renderEventLoopDelay(reading({}));
    expect(text.endsWith('\n')).toBe(true);
    const samples = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    for (const line of samples) expect(line).toMatch(/^[a-z_]+(\{quantile="[0-9.]+"\})? (NaN|[0-9.e+-]+)$/);
    expect(samples).toHaveLength(6);
  });
});

// On a fake clock: the sampler's timer fires when the test advances time, and a thread held by a
// long commit is the clock jumping with no timer firing meanwhile (they fire late, by that much).
const advance = (ms: number) => vi.advanceTimersByTime(ms);
const hold = (ms: number) => vi.setSystemTime(Date.now() + ms);

// The sampler wakes the loop every millisecond only while the receiver works: idle, it does not.
describe('event loop delay sampling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes no sample before any work, and none once idleMs has passed without work', () => {
    const eld = startEventLoopDelay({ idleMs: 50, now: Date.now });
    try {
      advance(30);
      expect(eld.read()).toMatchObject({ count: 0, maxSeconds: Number.NaN });
      eld.working();
      advance(30);
      expect(eld.read().count).toBe(30);
      advance(150);
      // One sample a millisecond from the work until idleMs has passed, then none.
      expect(eld.read().count).toBe(50);
      advance(100);
      expect(eld.read().count).toBe(50);
    } finally {
      eld.close();
    }
  });

  it('sees a thread held while working, and not the idle time before work starts again', () => {
    const eld = startEventLoopDelay({ idleMs: 20, now: Date.now });
    try {
      eld.working();
      advance(5);
      hold(60);
      advance(5);
      const held = eld.read().maxSeconds;
      expect(held).toBeCloseTo(0.06, 3);
      // Idle for 300 ms, then work again: Node's own monitor, disabled and enabled again, records
      // those 300 ms as one delay.
      advance(300);
      eld.working();
      advance(30);
      expect(eld.read().maxSeconds).toBe(held);
    } finally {
      eld.close();
    }
  });
});
