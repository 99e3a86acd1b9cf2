// Pacing uploads to the service's limit (LIMITS.uploadsPerWindow per LIMITS.uploadWindowSeconds) with
// the service's own sliding window (rate/rate-window.ts, which the emulator enforces). A slot is
// stamped when its response arrives, not when it is sent: the service saw the request no later than
// that, so a window measured from there never overlaps the service's own.
import { LIMITS } from '../generated/limits.ts';
import { type RateWindow, rateWindow, windowState } from '../rate/rate-window.ts';

export interface PacingState {
  /** When earlier uploads were answered, oldest first. */
  answered: readonly number[];
  /** Uploads sent and not yet answered. */
  inFlight: number;
}

export type PacingDecision = { go: true } | { go: false; waitMs: number } | { go: false; waitFor: 'answer' };

const UPLOAD_WINDOW = rateWindow({
  requests: LIMITS.uploadsPerWindow,
  window_seconds: LIMITS.uploadWindowSeconds,
});

/** Whether the next upload may go now, given the window; pure. */
export function pacingDecision(
  state: PacingState,
  nowMs: number,
  window: RateWindow = UPLOAD_WINDOW,
): PacingDecision {
  const { waitMs } = windowState(state.answered, nowMs, window, state.inFlight);
  if (waitMs === 0) return { go: true };
  return waitMs === null ? { go: false, waitFor: 'answer' } : { go: false, waitMs };
}

export interface Pacer {
  /** Waits for a free slot; call the returned function once the request has been answered. */
  acquire(signal?: AbortSignal): Promise<() => void>;
}

/** The pacing decision driven with the caller's clock and sleep (n8n hands in its own `sleep`). */
export function createPacer(
  io: { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> },
  window: RateWindow = UPLOAD_WINDOW,
): Pacer {
  let answered: number[] = [];
  let inFlight = 0;
  const waiters = new Set<() => void>();

  const nextAnswer = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiters.delete(wake);
        reject(signal?.reason);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      waiters.add(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  return {
    async acquire(signal) {
      for (;;) {
        signal?.throwIfAborted();
        const now = io.now();
        answered = windowState(answered, now, window).recent;
        const decision = pacingDecision({ answered, inFlight }, now, window);
        if (decision.go) break;
        if ('waitFor' in decision) await nextAnswer(signal);
        else await io.sleep(decision.waitMs, signal);
      }
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        answered.push(io.now());
        for (const wake of [...waiters]) {
          waiters.delete(wake);
          wake();
        }
      };
    },
  };
}
