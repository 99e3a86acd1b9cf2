import type { App } from '../app.ts';
import { saveClock } from '../clock.ts';
import { createRun } from './run-factory.ts';
import { catchUp, followingOccurrence } from './schedule.ts';
import { expireItems, nextExpiry } from './vault-expiry.ts';

type Due = { at: number; kind: 'schedule'; trackerId: string } | { at: number; kind: 'expiry' };

const TICK_MS = 1000;
/**
 * Most occurrences of one tracker's schedule fired by one move of the clock (a manual advance, or
 * a real-clock tick after a stop): the latest ones; earlier ones are skipped. Keeps a jump of years
 * over a one-minute schedule from starting millions of runs (an assumption: the spec is silent).
 */
const MAX_CATCH_UP_RUNS = 100;

/**
 * Fires what falls due on the emulator clock, in time order: scheduled runs (trigger_type scheduled)
 * and vault TTL expiry. A manual clock moves only through `advanceTo`, which steps the clock to each
 * event, fires it and waits for the runs it started before moving on. A real clock is polled every
 * second and does not wait for runs. Either way one move fires at most MAX_CATCH_UP_RUNS
 * occurrences per tracker, and `stop()` ends a move between two events.
 */
export class TimeDriver {
  readonly #app: App;
  #timer: NodeJS.Timeout | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #stopped = false;

  constructor(app: App) {
    this.#app = app;
  }

  start(): void {
    if (this.#app.clock.mode !== 'real') return;
    this.#timer = setInterval(() => {
      void this.#serial(() => this.#fireUntil(this.#app.clock.now(), false));
    }, TICK_MS);
    this.#timer.unref();
  }

  /** Stops the real-clock polling and ends an advance under way after its current event. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
  }

  /**
   * Moves a manual clock forward to `target`, firing everything due on the way. Stopped midway, the
   * clock stays on the last event fired.
   */
  advanceTo(target: number): Promise<number> {
    return this.#serial(async () => {
      await this.#fireUntil(target, true);
      if (!this.#stopped) this.#app.clock.set(target);
      saveClock(this.#app.store, this.#app.clock);
      return this.#app.clock.now();
    });
  }

  #serial<R>(fn: () => Promise<R>): Promise<R> {
    const next = this.#chain.then(fn);
    this.#chain = next.catch(() => {});
    return next;
  }

  #nextDue(until: number): Due | null {
    let due: Due | null = null;
    for (const tracker of this.#app.store.trackers.all()) {
      const at = tracker.next_run_at;
      if (at !== null && at <= until && (!due || at < due.at))
        due = { at, kind: 'schedule', trackerId: tracker.id };
    }
    const expiry = nextExpiry(this.#app.store);
    if (expiry !== null && expiry <= until && (!due || expiry < due.at)) due = { at: expiry, kind: 'expiry' };
    return due;
  }

  /**
   * Moves each schedule past the occurrences beyond MAX_CATCH_UP_RUNS that fall due by `until`.
   * Checked before every event, so a tracker created or rescheduled during a long advance is bounded too.
   */
  #boundCatchUp(until: number): void {
    const { store } = this.#app;
    for (const tracker of store.trackers.all()) {
      const due = tracker.next_run_at;
      if (due === null || due > until || !tracker.schedule) continue;
      const { from, skipped } = catchUp(tracker.schedule, due, until, MAX_CATCH_UP_RUNS);
      if (skipped === 0) continue;
      store.trackers.put({ ...tracker, next_run_at: from });
      this.#app.log(
        `@trackerkit/emulator: ${tracker.id}: ${skipped} scheduled occurrences skipped; the clock moved past ${skipped + MAX_CATCH_UP_RUNS} at once and only the latest ${MAX_CATCH_UP_RUNS} run`,
      );
    }
  }

  async #fireUntil(until: number, wait: boolean): Promise<void> {
    const { store, clock } = this.#app;
    while (!this.#stopped) {
      // Let requests and signals in between two events of a long advance.
      if (wait) await new Promise((resolve) => setImmediate(resolve));
      this.#boundCatchUp(until);
      const due = this.#nextDue(until);
      if (!due || this.#stopped) break;
      clock.set(due.at);
      if (due.kind === 'expiry') {
        expireItems(store, due.at);
        continue;
      }
      const tracker = store.trackers.get(due.trackerId);
      if (!tracker?.schedule) continue;
      store.trackers.put({ ...tracker, next_run_at: followingOccurrence(tracker.schedule, due.at) });
      const space = store.spaces.get(tracker.space_id);
      if (!space?.is_active) continue;
      try {
        const run = createRun(this.#app, tracker, { triggerType: 'scheduled', sync: false, context: null });
        const done = this.#app.runs.execute(run.id);
        if (wait) await done;
      } catch (error) {
        this.#app.log(
          `@trackerkit/emulator: scheduled run of ${tracker.id} not started: ${(error as Error).message}`,
        );
      }
    }
  }
}
