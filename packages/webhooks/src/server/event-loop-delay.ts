// How long the event loop was kept from running its timers: a commit holding the thread (an fsync
// on the main thread), a large JSON body, a long synchronous pass. Sampled by Node's
// `monitorEventLoopDelay` and exposed on /metrics as a Prometheus summary.
import { monitorEventLoopDelay } from 'node:perf_hooks';

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;

const EVENT_LOOP_DELAY_METRIC = 'trackerkit_webhooks_event_loop_delay_seconds';
const EVENT_LOOP_DELAY_MAX_METRIC = 'trackerkit_webhooks_event_loop_delay_max_seconds';
/** 1 ms: Node's default of 10 ms cannot see a 2 ms commit, the size of the delays that matter here. */
const EVENT_LOOP_RESOLUTION_MS = 1;
/** Each quantile covers the last 30–60 s (two staggered monitors, one reset every 30 s). */
const EVENT_LOOP_HALF_WINDOW_MS = 30_000;
const EVENT_LOOP_QUANTILES = [0.5, 0.9, 0.99] as const;

/** What one scrape shows: quantiles and max over the sliding window, sum and count since start. */
export interface EventLoopDelayReading {
  /** Seconds by quantile; NaN while the window holds no sample (as Prometheus clients render). */
  quantiles: Array<[quantile: number, seconds: number]>;
  maxSeconds: number;
  /** Cumulative (a counter pair): rate(sum) / rate(count) is the mean delay over any range. */
  sumSeconds: number;
  count: number;
}

export interface EventLoopDelay {
  read(): EventLoopDelayReading;
  close(): void;
}

const NS = 1e9;

/**
 * Starts sampling. Quantiles over a sliding window rather than since start (stuck after days of
 * uptime: a new stall would not move a p99 of billions of samples) or reset per scrape (two
 * Prometheus servers, or an operator's curl, would each steal the other's window): the window
 * Prometheus client libraries give a summary, whoever scrapes and however often. Two monitors
 * cost no more than one: libuv fires their timers in the same turn.
 */
export function startEventLoopDelay(
  options: { resolutionMs?: number; halfWindowMs?: number } = {},
): EventLoopDelay {
  const resolutionMs = options.resolutionMs ?? EVENT_LOOP_RESOLUTION_MS;
  const monitors: [IntervalHistogram, IntervalHistogram] = [
    monitorEventLoopDelay({ resolution: resolutionMs }),
    monitorEventLoopDelay({ resolution: resolutionMs }),
  ];
  for (const m of monitors) m.enable();
  // `monitors[fresh]` was reset last and covers the current half; the other covers it and the one before.
  let fresh = 0;
  let doneSumNs = 0;
  let doneCount = 0;
  // A sample is the time between two firings of the sampling timer: its period is not delay.
  const periodNs = resolutionMs * 1e6;
  const sumNs = (m: IntervalHistogram) => m.count * Math.max(0, m.mean - periodNs);
  const rotate = setInterval(() => {
    const closed = monitors[fresh]!;
    doneSumNs += sumNs(closed);
    doneCount += closed.count;
    fresh = 1 - fresh;
    monitors[fresh]!.reset();
  }, options.halfWindowMs ?? EVENT_LOOP_HALF_WINDOW_MS);
  rotate.unref();
  const delay = (ns: number) => Math.max(0, ns - periodNs) / NS;
  return {
    read() {
      const window = monitors[1 - fresh]!;
      const current = monitors[fresh]!;
      const empty = window.count === 0;
      return {
        quantiles: EVENT_LOOP_QUANTILES.map((q) => [
          q,
          empty ? Number.NaN : delay(window.percentile(q * 100)),
        ]),
        maxSeconds: empty ? Number.NaN : delay(window.max),
        sumSeconds: (doneSumNs + sumNs(current)) / NS,
        count: doneCount + current.count,
      };
    },
    close() {
      clearInterval(rotate);
      for (const m of monitors) m.disable();
    },
  };
}

/** The reading as Prometheus text: a summary and a gauge for the max. */
export function renderEventLoopDelay(reading: EventLoopDelayReading): string {
  const name = EVENT_LOOP_DELAY_METRIC;
  const max = EVENT_LOOP_DELAY_MAX_METRIC;
  return [
    `# HELP ${name} Event loop delay beyond the 1 ms sampling period: quantiles over the last 30-60 s, sum and count since start.`,
    `# TYPE ${name} summary`,
    ...reading.quantiles.map(([q, s]) => `${name}{quantile="${q}"} ${s}`),
    `${name}_sum ${reading.sumSeconds}`,
    `${name}_count ${reading.count}`,
    `# HELP ${max} Longest event loop delay over the last 30-60 s.`,
    `# TYPE ${max} gauge`,
    `${max} ${reading.maxSeconds}`,
    '',
  ].join('\n');
}
