// Polls a run until it finishes, with backoff, a deadline and cancellation.
import type { Clock } from './clock.ts';
import { TrackerTimeoutError } from './errors.ts';
import type { Run } from './types.ts';

export interface WaitOptions {
  /** Give up after this long (default 3 600 000: the deepest reasoning modes can take about an hour). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** First pause between polls (default 1 000); it grows by half each poll up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest pause between polls (default 15 000). */
  maxIntervalMs?: number;
  onPoll?: (run: Run, attempt: number) => void;
}

export const WAIT_DEFAULTS = { timeoutMs: 3_600_000, intervalMs: 1_000, maxIntervalMs: 15_000, growth: 1.5 };

const FINISHED = new Set<Run['status']>(['completed', 'failed']);

export async function waitForRun(
  getRun: (signal: AbortSignal | undefined) => Promise<Run>,
  runId: string,
  clock: Clock,
  options: WaitOptions = {},
  /** When the timeout started counting (triggerAndWait counts the trigger too). */
  startedAt: number = clock.now(),
): Promise<Run> {
  const timeoutMs = options.timeoutMs ?? WAIT_DEFAULTS.timeoutMs;
  const maxInterval = options.maxIntervalMs ?? WAIT_DEFAULTS.maxIntervalMs;
  let interval = Math.min(options.intervalMs ?? WAIT_DEFAULTS.intervalMs, maxInterval);
  const deadline = startedAt + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const run = await getRun(options.signal);
    options.onPoll?.(run, attempt);
    if (FINISHED.has(run.status)) return run;
    const left = deadline - clock.now();
    if (left <= 0) {
      throw new TrackerTimeoutError(
        `run ${runId} did not finish within ${timeoutMs} ms (last status ${run.status})`,
        timeoutMs,
        runId,
      );
    }
    await clock.sleep(Math.min(interval, left), options.signal);
    interval = Math.min(maxInterval, interval * WAIT_DEFAULTS.growth);
  }
}
