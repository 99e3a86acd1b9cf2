// Pacing uploads to the service's limit (LIMITS.uploadsPerWindow per LIMITS.uploadWindowSeconds) with
// a sliding window. A slot is stamped when its response arrives, not when it is sent: the service saw
// the request no later than that, so a window measured from there never overlaps the service's own.
import { LIMITS } from '../generated/limits.ts';

export interface PacingState {
  /** When earlier uploads were answered, oldest first. */
  answered: readonly number[];
  /** Uploads sent and not yet answered. */
  inFlight: number;
}

export type PacingDecision = { go: true } | { go: false; waitMs: number } | { go: false; waitFor: 'answer' };

export interface PacingWindow {
  limit: number;
  windowMs: number;
}

const UPLOAD_WINDOW: PacingWindow = {
  limit: LIMITS.uploadsPerWindow,
  windowMs: LIMITS.uploadWindowSeconds * 1000,
};

/** Whether the next upload may go now, given the window; pure. */
export function pacingDecision(
  state: PacingState,
  nowMs: number,
  window: PacingWindow = UPLOAD_WINDOW,
): PacingDecision {
  const recent = state.answered.filter((at) => at > nowMs - window.windowMs);
  if (recent.length + state.inFlight < window.limit) return { go: true };
  if (recent.length === 0) return { go: false, waitFor: 'answer' };
  return { go: false, waitMs: recent[0]! + window.windowMs - nowMs };
}

export interface Pacer {
  /** Waits for a free slot; call the returned function once the request has been answered. */
  acquire(signal?: AbortSignal): Promise<() => void>;
}

/** The pacing decision driven with the caller's clock and sleep (n8n hands in its own `sleep`). */
export function createPacer(
  io: { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> },
  window: PacingWindow = UPLOAD_WINDOW,
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
        answered = answered.filter((at) => at > now - window.windowMs);
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
