// The polling triggers: New Signal (completed runs), Run Failed, New Alert. Each poll asks the
// service for one tracker's newest runs — the list is newest first by the document — and gives each
// the run's id as `id`. Zapier's deduplication does the rest: the poll made when a Zap is turned on
// only records the ids it sees (nothing fires), so a tracker's history never floods the Zap, and
// later polls fire for ids not seen before.
import { LIMITS, type ListRunsQuery, type Run } from '@trackerkit/client';
import type { Bundle, Trigger, ZObject } from 'zapier-platform-core';
import { spaceFilterField, trackerField } from '../fields.ts';
import { failedRunSample, runOutputFields, runSample, withRunId } from '../samples.ts';
import { withClient } from '../tracker-client.ts';

type Filter = Omit<ListRunsQuery, 'page' | 'page_size'>;

/** One page of newest runs per filter; several filters are merged newest first. */
function pollRuns(filters: Filter[]) {
  return (z: ZObject, bundle: Bundle) =>
    withClient(z, bundle, async (client) => {
      const trackerId = bundle.inputData.tracker_id as string;
      // A sample needs a few; a poll takes the largest page the service gives.
      const page_size = bundle.meta?.isLoadingSample ? Math.min(3, LIMITS.pageSizeMax) : LIMITS.pageSizeMax;
      const pages = await Promise.all(
        filters.map((filter) => client.runs.list(trackerId, { ...filter, page_size })),
      );
      const runs = pages.flatMap((page) => page.data);
      if (filters.length > 1) runs.sort(newestFirst);
      return runs.map(withRunId);
    });
}

const finishedAt = (run: Run) => Date.parse(run.completed_at ?? run.started_at ?? '') || 0;
const newestFirst = (a: Run, b: Run) => finishedAt(b) - finishedAt(a);

const inputFields = [spaceFilterField, trackerField];

export const newSignal = {
  key: 'new_signal',
  noun: 'Signal',
  display: {
    label: 'New Signal',
    description: 'Triggers when a run of a tracker completes with its score, signal and analysis.',
  },
  operation: {
    type: 'polling' as const,
    inputFields,
    perform: pollRuns([{ status: 'completed' }]),
    sample: runSample,
    outputFields: runOutputFields,
  },
} satisfies Trigger;

export const runFailed = {
  key: 'run_failed',
  noun: 'Run',
  display: {
    label: 'Run Failed',
    description: 'Triggers when a run of a tracker fails, with its error message.',
  },
  operation: {
    type: 'polling' as const,
    inputFields,
    perform: pollRuns([{ status: 'failed' }]),
    sample: failedRunSample,
    outputFields: runOutputFields,
  },
} satisfies Trigger;

/**
 * A run whose alert condition was met and whose alert was sent (`notification_status` success) or
 * attempted and failed (`failed`); `skipped` runs raised no alert. The service's own filter decides.
 */
export const newAlert = {
  key: 'new_alert',
  noun: 'Alert',
  display: {
    label: 'New Alert',
    description:
      "Triggers when a tracker's run raises an alert (its score met the tracker's alert condition and an e-mail or webhook alert was sent).",
  },
  operation: {
    type: 'polling' as const,
    inputFields,
    perform: pollRuns([{ notification_status: 'success' }, { notification_status: 'failed' }]),
    sample: runSample,
    outputFields: runOutputFields,
  },
} satisfies Trigger;
