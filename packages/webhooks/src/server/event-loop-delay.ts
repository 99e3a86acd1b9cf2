// How long the event loop was kept from running its timers: a commit holding the thread (an fsync
// on the main thread), a large JSON body, a long synchronous pass. Sampled by a timer of its own
// while the receiver works, and exposed on /metrics as a Prometheus summary.
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

const EVENT_LOOP_DELAY_METRIC = 'trackerkit_webhooks_event_loop_delay_seconds';
const EVENT_LOOP_DELAY_MAX_METRIC = 'trackerkit_webhooks_event_loop_delay_max_seconds';
/** 1 ms: a 10 ms period (Node's default) samples a 2 ms commit once in five, the size of the delays that matter here. */
const EVENT_LOOP_RESOLUTION_MS = 1;
/** Each quantile covers the last 30–60 s (two staggered histograms, one reset every 30 s). */
const EVENT_LOOP_HALF_WINDOW_MS = 30_000;
/** Sampling stops once this long passes with no work, and starts again with the next. */
const EVENT_LOOP_IDLE_MS = 2_000;
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
  /**
   * Work starts (a request, a delivery): the loop is sampled from now until `idleMs` passes with
   * no more. Sampled every millisecond all the time, an idle receiver would wake a thousand times
   * a second for the sampling alone and spend most of its idle CPU there.
   */
  working(): void;
  close(): void;
}

const NS = 1e9;

/**
 * Starts the sampler, idle until the first `working()`. Quantiles over a sliding window rather
 * than since start (stuck after days of uptime: a new stall would not move a p99 of billions of
 * samples) or reset per scrape (two Prometheus servers, or an operator's curl, would each steal
 * the other's window): the window Prometheus client libraries give a summary, whoever scrapes and
 * however often. The samples are taken by a timer of ours rather than Node's
 * `monitorEventLoopDelay`: that one, disabled while idle and enabled again, records the whole idle
 * time as its next delay.
 */
export function startEventLoopDelay(
  options: {
    resolutionMs?: number;
    halfWindowMs?: number;
    idleMs?: number;
    /** Monotonic milliseconds; tests pass a fake clock's, where holding the thread is a clock jump. */
    now?: () => number;
  } = {},
): EventLoopDelay {
  const now = options.now ?? (() => performance.now());
  const resolutionMs = options.resolutionMs ?? EVENT_LOOP_RESOLUTION_MS;
  const idleMs = options.idleMs ?? EVENT_LOOP_IDLE_MS;
  const halves: [RecordableHistogram, RecordableHistogram] = [createHistogram(), createHistogram()];
  // `halves[fresh]` was reset last and covers the current half; the other covers it and the one before.
  let fresh = 0;
  let sumNs = 0;
  let count = 0;
  let lastWork = 0;
  let last = 0;
  let sampler: NodeJS.Timeout | undefined;
  // A sample is how late the timer fired: the time since the last firing beyond its period.
  const sample = () => {
    const at = now();
    const lateNs = Math.round((at - last - resolutionMs) * 1e6);
    last = at;
    // A histogram records whole nanoseconds from 1: on time is recorded as 1 ns.
    const recorded = Math.max(1, lateNs);
    halves[0].record(recorded);
    halves[1].record(recorded);
    sumNs += Math.max(0, lateNs);
    count++;
    if (at - lastWork >= idleMs) {
      clearInterval(sampler);
      sampler = undefined;
    }
  };
  const rotate = setInterval(() => {
    fresh = 1 - fresh;
    halves[fresh]!.reset();
  }, options.halfWindowMs ?? EVENT_LOOP_HALF_WINDOW_MS);
  rotate.unref();
  let closed = false;
  return {
    working() {
      lastWork = now();
      if (sampler !== undefined || closed) return;
      last = lastWork;
      sampler = setInterval(sample, resolutionMs);
      sampler.unref();
    },
    read() {
      const window = halves[1 - fresh]!;
      const empty = window.count === 0;
      const seconds = (ns: number) => (ns <= 1 ? 0 : ns / NS);
      return {
        quantiles: EVENT_LOOP_QUANTILES.map((q) => [
          q,
          empty ? Number.NaN : seconds(window.percentile(q * 100)),
        ]),
        maxSeconds: empty ? Number.NaN : seconds(window.max),
        sumSeconds: sumNs / NS,
        count,
      };
    },
    close() {
      closed = true;
      clearInterval(rotate);
      clearInterval(sampler);
      sampler = undefined;
    },
  };
}

/** The reading as Prometheus text: a summary and a gauge for the max. */
export function renderEventLoopDelay(reading: EventLoopDelayReading): string {
  const name = EVENT_LOOP_DELAY_METRIC;
  const max = EVENT_LOOP_DELAY_MAX_METRIC;
  return [
    `# HELP ${name} Event loop delay beyond the 1 ms sampling period, sampled while the receiver works: quantiles over the last 30-60 s, sum and count since start.`,
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
