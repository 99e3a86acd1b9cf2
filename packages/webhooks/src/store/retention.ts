import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../server/logger.ts';
import { FINISHED } from './schema.ts';

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

/**
 * Pruning statements. Each step reads one window of ids outside any transaction (WAL readers do
 * not block the commit thread), then deletes what it found in a short write transaction that
 * checks the conditions again, so a row replayed meanwhile stays.
 */
export function prepareRetention(db: DatabaseSync) {
  // An alert a tracker still fires with stays: the latest one, resent at repeat_interval
  // (`firing`), and the one inhibit rules look at (`tracker_firing`), whatever its age.
  const notFiring =
    'AND NOT EXISTS (SELECT 1 FROM firing f WHERE f.alert_id = ?1) AND NOT EXISTS (SELECT 1 FROM tracker_firing t WHERE t.alert_id = ?1)';
  const firstAfter = {
    alerts: db.prepare('SELECT MIN(id) AS id FROM alerts WHERE id > ?'),
    deliveries: db.prepare('SELECT MIN(id) AS id FROM deliveries WHERE id > ?'),
  };
  const lastOld = {
    alerts: db.prepare('SELECT MAX(id) AS id FROM alerts WHERE received_at < ?'),
    deliveries: db.prepare(
      `SELECT MAX(id) AS id FROM deliveries WHERE state IN ${FINISHED} AND updated_at < ?`,
    ),
  };
  // Per pass: a pass asks with one `before` for all its steps.
  let bound: { kind: PruneKind; before: number; id: number | null } | undefined;
  const oldAlerts = db.prepare(
    `SELECT id FROM alerts a WHERE id > ? AND id <= ? AND received_at < ?
       AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.alert_id = a.id AND d.state = 'pending')
       AND NOT EXISTS (SELECT 1 FROM firing f WHERE f.alert_id = a.id)
       AND NOT EXISTS (SELECT 1 FROM tracker_firing t WHERE t.alert_id = a.id)`,
  );
  const deleteAlertDeliveries = db.prepare(
    `DELETE FROM deliveries WHERE alert_id = ?1 AND EXISTS (SELECT 1 FROM alerts WHERE id = ?1 AND received_at < ?2)
       AND NOT EXISTS (SELECT 1 FROM deliveries WHERE alert_id = ?1 AND state = 'pending') ${notFiring}`,
  );
  const deleteAlert = db.prepare(
    `DELETE FROM alerts WHERE id = ?1 AND received_at < ?2
       AND NOT EXISTS (SELECT 1 FROM deliveries WHERE alert_id = ?1) ${notFiring}`,
  );
  const oldDeliveries = db.prepare(
    `SELECT id FROM deliveries WHERE id > ? AND id <= ? AND state IN ${FINISHED} AND updated_at < ?`,
  );
  const deleteDelivery = db.prepare(
    `DELETE FROM deliveries WHERE id = ? AND state IN ${FINISHED} AND updated_at < ?`,
  );

  return (kind: PruneKind, before: number, afterId: number, window: number): PruneStep => {
    if (afterId === 0 || bound?.kind !== kind || bound.before !== before) {
      const last = (lastOld[kind].get(before) as { id: number | null }).id;
      bound = { kind, before, id: last === null ? null : Number(last) };
    }
    const first = (firstAfter[kind].get(afterId) as { id: number | null }).id;
    if (bound.id === null || first === null || Number(first) > bound.id) return { deleted: 0, nextId: null };
    const from = Number(first) - 1;
    const upTo = Math.min(from + window, bound.id);
    const found = (kind === 'alerts' ? oldAlerts : oldDeliveries).all(from, upTo, before) as Array<{
      id: number;
    }>;
    let deleted = 0;
    if (found.length > 0) {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const { id } of found) {
          if (kind === 'alerts') {
            deleteAlertDeliveries.run(id, before);
            deleted += Number(deleteAlert.run(id, before).changes);
          } else deleted += Number(deleteDelivery.run(id, before).changes);
        }
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    }
    return { deleted, nextId: upTo >= bound.id ? null : upTo };
  };
}

export interface RetentionOptions {
  prune(kind: PruneKind, before: number, afterId: number, window: number): Promise<PruneStep>;
  /** Milliseconds; null keeps that table forever. */
  alertsMs: number | null;
  deliveriesMs: number | null;
  /** Expired silences: one statement per pass (there are few). */
  pruneSilences?(before: number): Promise<number>;
  silencesMs?: number | null;
  logger: Logger;
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
}

export interface Retention {
  /** One full pass over both tables, pausing between steps. */
  run(): Promise<PruneCounts>;
  start(): void;
  stop(): Promise<void>;
}

export const RETENTION_WINDOW = 500;
export const RETENTION_INTERVAL_MS = 10 * 60_000;
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
      // Each step holds the event loop (and pays an fsync): pausing four times as long between
      // steps keeps a pass of a million rows under a fifth of the receiver's time.
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
        if (alerts + deliveries + silences > 0)
          options.logger.info('retention pruned', { alerts, deliveries, silences });
        return { alerts, deliveries, silences };
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
      if (options.alertsMs === null && options.deliveriesMs === null && (options.silencesMs ?? null) === null)
        return;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
