import { setTimeout as sleep } from 'node:timers/promises';
import type { Notifier } from '../alerts/notifier.ts';
import type { App, RunExecutor } from '../app.ts';
import type { RunRecord, TrackerRecord } from '../store/records.ts';
import { analyze } from './analyst.ts';
import { emulatorControls } from './run-controls.ts';
import { liveItems } from './vault-expiry.ts';

/**
 * Executes runs in-process: pending → running → completed or failed. Execution uses real time
 * (`delay_ms`) and never waits for the emulator clock; timestamps come from the emulator clock.
 * Notifications are delivered before the run is stored as completed, so a client that sees
 * `completed` also sees the final notification_delivery. Runs found pending or running at start (the
 * previous process stopped or was killed) are executed again from the beginning.
 */
export class RunWorker implements RunExecutor {
  readonly #inflight = new Set<Promise<void>>();
  readonly #abort = new AbortController();
  #app: App | undefined;
  #notifier: Notifier | undefined;

  attach(app: App, notifier: Notifier): void {
    this.#app = app;
    this.#notifier = notifier;
  }

  execute(runId: string): Promise<void> {
    const job = this.#run(runId).catch((error: unknown) => {
      this.#app?.log(`@trackerkit/emulator: run ${runId} crashed: ${(error as Error).stack ?? error}`);
    });
    this.#inflight.add(job);
    void job.finally(() => this.#inflight.delete(job));
    return job;
  }

  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.all([...this.#inflight]);
  }

  close(): void {
    this.#abort.abort();
  }

  async #run(runId: string): Promise<void> {
    const app = this.#app;
    if (!app || !this.#notifier) throw new Error('@trackerkit/emulator: run worker not attached');
    const { store, clock } = app;
    // Let the trigger's 202 go out while the run is still pending.
    await new Promise((resolve) => setImmediate(resolve));
    const pending = store.runs.get(runId);
    if (!pending || (pending.status !== 'pending' && pending.status !== 'running')) return;
    // A run resumed after a restart keeps the start it was acknowledged with.
    let run: RunRecord = { ...pending, status: 'running', started_at: pending.started_at ?? clock.now() };
    store.runs.put(run);
    const controls = emulatorControls(run.context);
    if (controls.delay_ms) {
      try {
        await sleep(controls.delay_ms, undefined, { signal: this.#abort.signal });
      } catch {
        return; // closing: the run stays running and resumes after a restart with --data
      }
    }
    const current = store.runs.get(runId);
    const tracker = current ? store.trackers.get(current.tracker_id) : undefined;
    if (!current || !tracker) return; // deleted meanwhile
    run = current;
    if (controls.fail !== undefined) {
      this.#finish(tracker, {
        ...run,
        status: 'failed',
        completed_at: clock.now(),
        error_message: controls.fail,
      });
      return;
    }
    const result = analyze({
      items: liveItems(store, tracker, clock.now()),
      linked: this.#linkedScores(tracker),
      forcedScore: controls.score,
    });
    run = { ...run, result, completed_at: clock.now() };
    const { delivery, alerted } = await this.#notifier.notify(run, tracker);
    // Closing cut the deliveries short: leave the run running so that the next start with --data
    // re-executes it (same webhook-id) instead of recording a delivery failure the receiver never caused.
    if (this.#abort.signal.aborted) return;
    const account = store.accounts.get(run.account_id);
    store.transaction(() => {
      if (account && account.quants_balance !== null) {
        store.accounts.put({
          ...account,
          quants_balance: Math.max(0, account.quants_balance - run.quants_used),
        });
      }
      this.#finish(tracker, { ...run, status: 'completed', notification_delivery: delivery, alerted });
    });
  }

  #finish(tracker: TrackerRecord, run: RunRecord): void {
    const { store } = this.#app as App;
    if (!store.runs.get(run.id)) return;
    const stored = run.status === 'failed' ? { ...run, quants_used: 0 } : run;
    store.transaction(() => {
      store.runs.put(stored);
      const latest = store.trackers.get(tracker.id);
      if (latest) store.trackers.put({ ...latest, last_run_at: stored.completed_at });
    });
  }

  #linkedScores(tracker: TrackerRecord) {
    const { store } = this.#app as App;
    const out: { trackerId: string; name: string; score: number }[] = [];
    for (const id of tracker.agent_config.linked_trackers) {
      const linked = store.trackers.get(id);
      if (!linked) continue;
      const latest = store.runs
        .by('tracker_id', id)
        .filter((r) => r.status === 'completed' && r.result)
        .sort((a, b) => (b.completed_at ?? 0) - (a.completed_at ?? 0) || b.seq - a.seq)[0];
      if (latest?.result) out.push({ trackerId: id, name: linked.name, score: latest.result.score });
    }
    return out;
  }
}
