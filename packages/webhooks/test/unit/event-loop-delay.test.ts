import { describe, expect, it } from 'vitest';
import { type EventLoopDelayReading, renderEventLoopDelay } from '../../src/server/event-loop-delay.ts';

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
