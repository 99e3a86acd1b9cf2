// Waiting for a run: poll again (after how long), or stop. Sans I/O; the caller hands in getRun,
// its clock and its sleep.
import type { Run } from '../types.ts';

export interface WaitOptions {
  /** Give up after this long (default 3 600 000: the suite assumes the deepest modes may take about an hour). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** First pause between polls (default 1 000); it grows by half each poll up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest pause between polls (default 15 000). */
  maxIntervalMs?: number;
  onPoll?: (run: Run, attempt: number) => void;
}

export const WAIT_DEFAULTS = { timeoutMs: 3_600_000, intervalMs: 1_000, maxIntervalMs: 15_000, growth: 1.5 };

/** The statuses after which a run never changes. */
export const FINISHED_STATUSES: readonly Run['status'][] = ['completed', 'failed'];
const isFinished = (status: Run['status']): boolean => FINISHED_STATUSES.includes(status);

export type WaitDecision =
  | { kind: 'done'; failed: boolean }
  | { kind: 'poll'; afterMs: number; nextIntervalMs: number }
  | { kind: 'timeout' };

/** After a poll that saw `status`: done, poll again after a pause, or give up. */
export function waitDecision(
  status: Run['status'],
  state: { intervalMs: number; deadlineMs: number; nowMs: number },
  options: Pick<WaitOptions, 'maxIntervalMs'> = {},
): WaitDecision {
  if (isFinished(status)) return { kind: 'done', failed: status === 'failed' };
  const left = state.deadlineMs - state.nowMs;
  if (left <= 0) return { kind: 'timeout' };
  const max = options.maxIntervalMs ?? WAIT_DEFAULTS.maxIntervalMs;
  return {
    kind: 'poll',
    afterMs: Math.min(state.intervalMs, left),
    nextIntervalMs: Math.min(max, state.intervalMs * WAIT_DEFAULTS.growth),
  };
}

export class RunWaitTimeout extends Error {
  readonly runId: string;
  readonly timeoutMs: number;
  readonly lastStatus: Run['status'];
  constructor(runId: string, timeoutMs: number, lastStatus: Run['status']) {
    super(`run ${runId} did not finish within ${timeoutMs} ms (last status ${lastStatus})`);
    this.name = 'RunWaitTimeout';
    this.runId = runId;
    this.timeoutMs = timeoutMs;
    this.lastStatus = lastStatus;
  }
}

/** Polls until the run finishes; throws RunWaitTimeout at the deadline. */
export async function waitForRun(
  getRun: (signal: AbortSignal | undefined) => Promise<Run>,
  runId: string,
  io: { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> },
  options: WaitOptions = {},
  /** When the timeout started counting (triggerAndWait counts the trigger too). */
  startedAt: number = io.now(),
): Promise<Run> {
  const timeoutMs = options.timeoutMs ?? WAIT_DEFAULTS.timeoutMs;
  let intervalMs = Math.min(
    options.intervalMs ?? WAIT_DEFAULTS.intervalMs,
    options.maxIntervalMs ?? WAIT_DEFAULTS.maxIntervalMs,
  );
  const deadlineMs = startedAt + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const run = await getRun(options.signal);
    options.onPoll?.(run, attempt);
    const decision = waitDecision(run.status, { intervalMs, deadlineMs, nowMs: io.now() }, options);
    if (decision.kind === 'done') return run;
    if (decision.kind === 'timeout') throw new RunWaitTimeout(runId, timeoutMs, run.status);
    await io.sleep(decision.afterMs, options.signal);
    intervalMs = decision.nextIntervalMs;
  }
}
