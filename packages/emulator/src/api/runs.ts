import { type RunTrigger, zenSyncProblems } from '@trackerkit/core';
import type { App } from '../app.ts';
import { iso } from '../clock.ts';
import { checkControls } from '../domain/run-controls.ts';
import { createRun } from '../domain/run-factory.ts';
import { notFound, Refusal } from '../errors/errors.ts';
import { type Handler, ok } from '../http/types.ts';
import type { RunRecord } from '../store/records.ts';
import { ownTracker } from './access.ts';
import { arrayPage, DELETED, indexedPage, newestFirst, runView } from './views.ts';

/** The document's NotificationStatus assumption: skipped, failed when any channel failed, else success. */
function notificationStatus(run: RunRecord): 'success' | 'failed' | 'skipped' {
  const channels = [run.notification_delivery.email, run.notification_delivery.webhook].filter(
    (c) => c !== null,
  );
  if (channels.length === 0) return 'skipped';
  return channels.some((c) => c.status === 'failed') ? 'failed' : 'success';
}

const RUN_FILTERS = [
  'status',
  'signal',
  'notification_status',
  'start_date',
  'end_date',
  'min_score',
  'max_score',
] as const;

function matches(run: RunRecord, q: Record<string, unknown>): boolean {
  if (q.status !== undefined && run.status !== q.status) return false;
  if (q.signal !== undefined && run.result?.signal !== q.signal) return false;
  if (q.notification_status !== undefined && notificationStatus(run) !== q.notification_status) return false;
  const started = run.started_at ?? run.created_at;
  if (q.start_date !== undefined && started < Date.parse(String(q.start_date))) return false;
  if (q.end_date !== undefined && started > Date.parse(String(q.end_date))) return false;
  if (q.min_score !== undefined && (run.result === null || run.result.score < Number(q.min_score)))
    return false;
  if (q.max_score !== undefined && (run.result === null || run.result.score > Number(q.max_score)))
    return false;
  return true;
}

export function runHandlers(app: App): Record<string, Handler> {
  const { store } = app;
  const ownRun = (trackerId: string, runId: string) => {
    const run = store.runs.get(runId);
    if (!run || run.tracker_id !== trackerId) throw notFound('Run');
    return run;
  };
  return {
    triggerRun: async ({ account, params, body }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      const input = (body ?? {}) as RunTrigger;
      const sync = input.sync === true;
      checkControls(input.context);
      if (zenSyncProblems(input.sync, tracker.agent_config.reasoning_mode).length > 0) {
        // The document's example of this 400.
        throw new Refusal('rule', 'Zen reasoning mode runs asynchronously only; send sync false.');
      }
      const run = createRun(app, tracker, { triggerType: 'manual', sync, context: input.context ?? null });
      const started = performance.now();
      const done = app.runs.execute(run.id);
      if (!sync)
        return ok(
          { run_id: run.id, tracker_id: tracker.id, status: 'pending', created_at: iso(run.created_at) },
          202,
        );
      await done;
      const finished = store.runs.get(run.id);
      if (!finished || (finished.status !== 'completed' && finished.status !== 'failed')) {
        throw notFound('Run');
      }
      return ok({
        run_id: finished.id,
        tracker_id: finished.tracker_id,
        status: finished.status,
        started_at: iso(finished.started_at ?? finished.created_at),
        completed_at: iso(finished.completed_at ?? finished.created_at),
        execution_time_seconds: Math.round(performance.now() - started) / 1000,
        result: finished.result,
        error_message: finished.error_message,
      });
    },
    listRuns: ({ account, params, query }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      // Unfiltered, a page is read from the ordered index; a filter reads the tracker's runs.
      if (!RUN_FILTERS.some((name) => query[name] !== undefined))
        return ok(indexedPage(store.runs, 'tracker_id', tracker.id, query, runView));
      const runs = newestFirst(store.runs.by('tracker_id', tracker.id).filter((run) => matches(run, query)));
      return ok(arrayPage(runs, query, runView));
    },
    getRun: ({ account, params }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      return ok(runView(ownRun(tracker.id, String(params.run_id))));
    },
    deleteRun: ({ account, params }) => {
      const tracker = ownTracker(app, account, String(params.tracker_id));
      store.runs.delete(ownRun(tracker.id, String(params.run_id)).id);
      return ok(DELETED);
    },
  };
}
