// A sliding-window limiter for uploads (LIMITS.uploadsPerWindow per LIMITS.uploadWindowSeconds).
// A slot is stamped when its response arrives, not when it is sent: the service saw the request no
// later than that, so a window measured from there never overlaps the service's own window.
import type { Clock } from '../clock.ts';

export interface Pacer {
  /** Waits for a free slot; call the returned function once the request has been answered. */
  acquire(signal?: AbortSignal): Promise<() => void>;
}

export function createPacer(limit: number, windowMs: number, clock: Clock): Pacer {
  const answered: number[] = [];
  let inFlight = 0;
  const waiters = new Set<() => void>();

  const nextRelease = (signal?: AbortSignal) =>
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
        const now = clock.now();
        while (answered.length > 0 && answered[0]! <= now - windowMs) answered.shift();
        if (answered.length + inFlight < limit) break;
        if (answered.length === 0) await nextRelease(signal);
        else await clock.sleep(answered[0]! + windowMs - now, signal);
      }
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
        // Answer times only grow, so the list stays sorted.
        answered.push(clock.now());
        for (const wake of [...waiters]) {
          waiters.delete(wake);
          wake();
        }
      };
    },
  };
}
