import type { App } from '../app.ts';
import { createRun } from './run-factory.ts';
import { followingOccurrence } from './schedule.ts';
import { expireItems, nextExpiry } from './vault-expiry.ts';

type Due = { at: number; kind: 'schedule'; trackerId: string } | { at: number; kind: 'expiry' };

const TICK_MS = 1000;

/**
 * Fires what falls due on the emulator clock, in time order: scheduled runs (trigger_type scheduled)
 * and vault TTL expiry. A manual clock moves only through `advanceTo`, which steps the clock to each
 * event, fires it and waits for the runs it started before moving on. A real clock is polled every
 * second and does not wait for runs.
 */
export class TimeDriver {
  readonly #app: App;
  #timer: NodeJS.Timeout | undefined;
  #chain: Promise<unknown> = Promise.resolve();

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

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }

  /** Moves a manual clock forward to `target`, firing everything due on the way. */
  advanceTo(target: number): Promise<number> {
    return this.#serial(async () => {
      await this.#fireUntil(target, true);
      this.#app.clock.set(target);
      this.#persistClock();
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

  async #fireUntil(until: number, wait: boolean): Promise<void> {
    const { store, clock } = this.#app;
    for (let due = this.#nextDue(until); due; due = this.#nextDue(until)) {
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

  #persistClock(): void {
    const { store, clock } = this.#app;
    store.meta.put({ id: 'clock', value: clock.now(), seq: store.meta.get('clock')?.seq ?? store.nextSeq() });
  }
}
