// The feed of live signals: polls a tracker's runs while someone listens, and reports each run
// that finished (completed or failed) since the last look. The service has no change feed the MCP
// server can hold open (its alert webhook goes to one account-level endpoint), so polling is the
// one source that works for every account and any number of replicas.
//
// Per tracker: one poll loop however many subscribers, started by the first and stopped by the
// last; the loop never overlaps itself (the next poll is scheduled after the previous answered).
// The cursor is the newest completed_at seen plus the runs finished at exactly that instant: a
// manual or coarse clock gives many runs one timestamp, and a run created earlier but finished
// later still has a later completed_at. The first poll is the baseline: runs finished before
// someone subscribed are not reported.
import type { Run } from '@trackerkit/core';
import type { TrackerClientLike } from '../service/tracker-client-like.ts';

/** Default time between two polls of one tracker's runs (env TRACKERKIT_MCP_SUBSCRIPTION_POLL_MS). */
export const DEFAULT_SUBSCRIPTION_POLL_MS = 10_000;

/** How many of a tracker's newest runs one poll reads (one page, the service's maximum). */
const POLL_PAGE_SIZE = 100;

export type FinishedRunListener = (run: Run) => void;

interface Cursor {
  at: number;
  ids: Set<string>;
}

interface TrackerFeed {
  listeners: Set<FinishedRunListener>;
  cursor: Cursor | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Set once the last listener left: an answer arriving later schedules nothing. */
  stopped: boolean;
  /** The baseline poll: every subscriber waits for it, so each sees the same starting point. */
  ready: Promise<void>;
}

const finishedAt = (run: Run) =>
  (run.status === 'completed' || run.status === 'failed') && run.completed_at
    ? Date.parse(run.completed_at)
    : undefined;

/** The runs finished after the cursor, oldest first, and the cursor past them. */
function advanceCursor(cursor: Cursor | undefined, runs: readonly Run[]) {
  const finished = runs
    .map((run) => ({ run, at: finishedAt(run) }))
    .filter((entry): entry is { run: Run; at: number } => entry.at !== undefined && !Number.isNaN(entry.at))
    .sort((a, b) => a.at - b.at);
  const fresh = cursor
    ? finished.filter(({ run, at }) => at > cursor.at || (at === cursor.at && !cursor.ids.has(run.run_id)))
    : [];
  const newest = finished.at(-1)?.at;
  let next: Cursor = cursor ?? { at: newest ?? 0, ids: new Set() };
  if (newest !== undefined && newest >= next.at) {
    const ids = newest === next.at ? new Set(next.ids) : new Set<string>();
    for (const { run, at } of finished) if (at === newest) ids.add(run.run_id);
    next = { at: newest, ids };
  }
  return { fresh: fresh.map(({ run }) => run), cursor: next };
}

export class RunWatch {
  readonly #client: TrackerClientLike;
  readonly #intervalMs: number;
  readonly #onError: (trackerId: string, error: unknown) => void;
  readonly #onIdle: () => void;
  readonly #feeds = new Map<string, TrackerFeed>();

  constructor(options: {
    client: TrackerClientLike;
    intervalMs?: number;
    onError?: (trackerId: string, error: unknown) => void;
    /** Called when the last loop stopped (the watch may be dropped). */
    onIdle?: () => void;
  }) {
    this.#client = options.client;
    this.#intervalMs = options.intervalMs ?? DEFAULT_SUBSCRIPTION_POLL_MS;
    this.#onError = options.onError ?? (() => {});
    this.#onIdle = options.onIdle ?? (() => {});
  }

  /** Trackers being polled now (one loop each). */
  get watchedTrackers(): string[] {
    return [...this.#feeds.keys()];
  }

  /**
   * Reports every run of the tracker that finishes from now on. Resolves after the baseline poll
   * (so a run started after this resolves is reported); rejects with the service's error (a 404
   * for a tracker that does not exist) and then watches nothing. Returns the way to stop.
   */
  async watch(trackerId: string, listener: FinishedRunListener): Promise<() => void> {
    let feed = this.#feeds.get(trackerId);
    if (!feed) {
      const created: TrackerFeed = {
        listeners: new Set(),
        cursor: undefined,
        timer: undefined,
        stopped: false,
        ready: Promise.resolve(),
      };
      created.ready = this.#baseline(trackerId, created);
      this.#feeds.set(trackerId, created);
      feed = created;
    }
    await feed.ready;
    if (feed.stopped) return this.watch(trackerId, listener);
    feed.listeners.add(listener);
    const current = feed;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0) this.#stop(trackerId, current);
    };
  }

  /** Stops every loop (the session or the process is closing). */
  close(): void {
    for (const [trackerId, feed] of this.#feeds) this.#stop(trackerId, feed);
  }

  async #baseline(trackerId: string, feed: TrackerFeed) {
    try {
      feed.cursor = advanceCursor(undefined, await this.#read(trackerId)).cursor;
    } catch (error) {
      this.#stop(trackerId, feed);
      throw error;
    }
    this.#schedule(trackerId, feed);
  }

  async #read(trackerId: string): Promise<Run[]> {
    return (await this.#client.runs.list(trackerId, { page: 1, page_size: POLL_PAGE_SIZE })).data;
  }

  #schedule(trackerId: string, feed: TrackerFeed) {
    feed.timer = setTimeout(() => void this.#poll(trackerId, feed), this.#intervalMs);
    // Polling alone never keeps a process alive: the transport does while a client is there.
    feed.timer.unref?.();
  }

  async #poll(trackerId: string, feed: TrackerFeed) {
    try {
      const { fresh, cursor } = advanceCursor(feed.cursor, await this.#read(trackerId));
      if (feed.stopped) return;
      feed.cursor = cursor;
      for (const run of fresh) for (const listener of [...feed.listeners]) listener(run);
    } catch (error) {
      // A failed poll is retried at the next interval; the cursor stays, so nothing is lost.
      this.#onError(trackerId, error);
    }
    if (!feed.stopped) this.#schedule(trackerId, feed);
  }

  #stop(trackerId: string, feed: TrackerFeed) {
    feed.stopped = true;
    if (feed.timer) clearTimeout(feed.timer);
    if (this.#feeds.get(trackerId) !== feed) return;
    this.#feeds.delete(trackerId);
    if (this.#feeds.size === 0) this.#onIdle();
  }
}
