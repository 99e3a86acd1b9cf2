import type { Logger } from '../telemetry/logger.ts';

export interface FlushScheduler {
  /** A group is due at `at` (epoch ms): the pass runs then, if not sooner. */
  at(at: number): void;
  /** Stops the timer; resolves when a pass under way has finished. */
  stop(): Promise<void>;
}

export interface FlushSchedulerOptions {
  /** One flush pass. */
  run(): Promise<unknown>;
  /** The earliest flush the store holds, or null. */
  nextAt(): Promise<number | null>;
  /** The longest wait between passes (groups another replica or process made are found by it). */
  pollMs(): number;
  logger: Logger;
  now?: () => number;
}

/**
 * Runs the group flush pass when the next group is due, not on a coarse poll: a group's
 * notification goes at its group_wait or group_interval tick, to the millisecond the event loop
 * allows. One pass at a time; after each, the timer is set for the earliest flush the store
 * holds (at most `pollMs` away), and an ingest that makes an earlier one brings it forward.
 */
export function createFlushScheduler(options: FlushSchedulerOptions): FlushScheduler {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = (at: number) => {
    if (stopped) return;
    const when = Math.min(at, now() + options.pollMs());
    if (timer !== undefined && timerAt <= when) return;
    clearTimeout(timer);
    timerAt = when;
    timer = setTimeout(pass, Math.max(0, when - now()));
    timer.unref();
  };

  const pass = () => {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let next: number | null = null;
      try {
        // Read first: with no group due, as in an idle store, a pass costs this one read and not
        // a flush's write besides (on PostgreSQL, four statements a second fewer per replica).
        next = await options.nextAt();
        if (next !== null && next <= now()) {
          try {
            await options.run();
          } catch (error) {
            options.logger.warn('group flush failed', { error: (error as Error).message });
          }
          next = await options.nextAt();
        }
      } catch (error) {
        next = null;
        options.logger.warn('could not read the next group flush', { error: (error as Error).message });
      }
      running = undefined;
      if (again) {
        again = false;
        schedule(now());
      } else schedule(next ?? Number.POSITIVE_INFINITY);
    })();
  };

  schedule(now());
  return {
    at: (at) => schedule(at),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
