import { setTimeout as sleep } from 'node:timers/promises';

export type PruneKind = 'alerts' | 'deliveries';

/**
 * One step of a prune: rows older than `before` among the `window` ids from the first row after
 * `afterId`. A pass walks ids from 0 to the last row old enough to go (found once per pass
 * through the time indexes): it costs the rows it prunes and those it keeps, not the table, and
 * rows whose ids are out of time order (a clock set back) are still found.
 */
export interface PruneStep {
  deleted: number;
  /** Where the next step starts; null when the table has been walked to its end. */
  nextId: number | null;
}

/** What one prune step asks of a store. */
export interface PruneOps {
  /** The first id after `afterId`; null past the end. */
  firstAfter(kind: PruneKind, afterId: number): Promise<number | null>;
  /** The last id old enough to go (received, or finished, before `before`); null when none. */
  lastOld(kind: PruneKind, before: number): Promise<number | null>;
  /** Ids in (from, upTo] old enough to go: alerts no pending row or firing state needs, finished deliveries. */
  oldIds(window: { kind: PruneKind; from: number; upTo: number; before: number }): Promise<number[]>;
  /** Deletes those rows in one short transaction, checking each condition again; returns how many went. */
  deleteOld(kind: PruneKind, ids: number[], before: number): Promise<number>;
}

/**
 * The prune step, for any store. Each step reads one window of ids outside any transaction, then
 * deletes what it found in a short write transaction that checks the conditions again, so a row
 * replayed meanwhile stays. The bound (the last row old enough) is found once per pass.
 */
export function createPruneStep(ops: PruneOps) {
  // Per pass: a pass asks with one `before` for all its steps.
  let bound: { kind: PruneKind; before: number; id: number | null } | undefined;
  return async (kind: PruneKind, before: number, afterId: number, window: number): Promise<PruneStep> => {
    if (afterId === 0 || bound?.kind !== kind || bound.before !== before)
      bound = { kind, before, id: await ops.lastOld(kind, before) };
    const first = await ops.firstAfter(kind, afterId);
    if (bound.id === null || first === null || first > bound.id) return { deleted: 0, nextId: null };
    const from = first - 1;
    const upTo = Math.min(from + window, bound.id);
    const found = await ops.oldIds({ kind, from, upTo, before });
    const deleted = found.length > 0 ? await ops.deleteOld(kind, found, before) : 0;
    return { deleted, nextId: upTo >= bound.id ? null : upTo };
  };
}

/**
 * What retention reports: a pass that pruned rows, a pass that failed. Declared here so the store
 * layer needs nothing from the server's; the server's Logger is one.
 */
export interface RetentionLog {
  info(msg: string, fields: Record<string, unknown>): void;
  error(msg: string, fields: Record<string, unknown>): void;
}

export interface RetentionOptions {
  prune(kind: PruneKind, before: number, afterId: number, window: number): Promise<PruneStep>;
  /** Milliseconds; null keeps that table forever. */
  alertsMs: number | null;
  deliveriesMs: number | null;
  /** Expired silences: one statement per pass (there are few). */
  pruneSilences?(before: number): Promise<number>;
  silencesMs?: number | null;
  /**
   * Forgets what Alertmanager forgets (`Store.forgetEnded`): every pass, whatever the periods
   * above say (it is state, not history).
   */
  forgetEnded?(now: number): Promise<number>;
  logger: RetentionLog;
  now?: () => number;
  /** Ids looked at per step; each step is one short transaction. */
  window?: number;
  /** Between two runs. */
  intervalMs?: number;
  /** Called after each step: tests watch the interleaving with ingestion. */
  onStep?: (kind: PruneKind, step: PruneStep) => void;
}

export interface PruneCounts {
  alerts: number;
  deliveries: number;
  silences: number;
  /** Posted alerts forgotten after they ended. */
  ended: number;
}

export interface Retention {
  /** One full pass over both tables, pausing between steps. */
  run(): Promise<PruneCounts>;
  start(): void;
  stop(): Promise<void>;
}

const RETENTION_WINDOW = 500;
const RETENTION_INTERVAL_MS = 10 * 60_000;
const PAUSE_FACTOR = 4;

/** Background pruning in small steps: ingestion keeps answering while old rows go. */
export function createRetention(options: RetentionOptions): Retention {
  const now = options.now ?? Date.now;
  const window = options.window ?? RETENTION_WINDOW;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PruneCounts> | undefined;
  let stopped = false;

  const pass = async (kind: PruneKind, periodMs: number | null): Promise<number> => {
    if (periodMs === null) return 0;
    const before = now() - periodMs;
    let total = 0;
    for (let afterId: number | null = 0; afterId !== null && !stopped; ) {
      const started = performance.now();
      const step = await options.prune(kind, before, afterId, window);
      options.onStep?.(kind, step);
      total += step.deleted;
      afterId = step.nextId;
      // Each step holds the event loop (and pays an fsync): pausing four times as long as a step
      // took leaves ingestion most of the time while a long pass runs.
      await sleep(Math.max(1, (performance.now() - started) * PAUSE_FACTOR));
    }
    return total;
  };

  const run = () => {
    running ??= (async () => {
      try {
        const deliveries = await pass('deliveries', options.deliveriesMs);
        const alerts = await pass('alerts', options.alertsMs);
        const silencesMs = options.silencesMs ?? null;
        const silences =
          silencesMs === null || !options.pruneSilences ? 0 : await options.pruneSilences(now() - silencesMs);
        const ended = options.forgetEnded ? await options.forgetEnded(now()) : 0;
        if (alerts + deliveries + silences + ended > 0)
          options.logger.info('retention pruned', { alerts, deliveries, silences, ended });
        return { alerts, deliveries, silences, ended };
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      run()
        .catch((error: Error) => options.logger.error('retention failed', { error: error.message }))
        .finally(() => schedule(options.intervalMs ?? RETENTION_INTERVAL_MS));
    }, ms);
    timer.unref();
  };

  return {
    run,
    start() {
      const periods = [options.alertsMs, options.deliveriesMs, options.silencesMs ?? null];
      if (periods.every((ms) => ms === null) && !options.forgetEnded) return;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
