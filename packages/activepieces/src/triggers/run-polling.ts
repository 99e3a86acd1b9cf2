// The polling triggers (New Signal, Run Failed): the framework's polling helper with its TIMEBASED
// dedupe store. Enabling stores "now"; each poll emits the runs that finished after the newest
// instant emitted so far, so enabling never replays history.
import { DedupeStrategy, type Polling, pollingHelper } from '@activepieces/pieces-common';
import {
  createTrigger,
  type InputPropertyMap,
  Property,
  TriggerStrategy,
} from '@activepieces/pieces-framework';
import type { Run, RunStatus, Signal } from '@trackerkit/client';
import { SIGNALS, WAIT_DEFAULTS } from '@trackerkit/core';
import { type ConnectionValue, clientOf, trackerAuth } from '../auth.ts';
import { spaceDropdown, trackerDropdown } from '../props.ts';
import { RUN_SAMPLE } from '../samples.ts';

interface PollProps {
  space?: unknown;
  tracker?: unknown;
  signals?: unknown[] | undefined;
}

/** When a finished run finished (a failed run that never started has only its start, if that). */
const finishedAt = (run: Run): number => Date.parse(run.completed_at ?? run.started_at ?? '') || 0;

/**
 * The runs of the watched trackers with `status`, newest first. Runs are listed by start, and one
 * may finish long after it started: the listing reaches back as far as the core lets a run take
 * (its wait timeout) before the last poll.
 */
export async function finishedRuns(
  auth: ConnectionValue,
  props: PollProps,
  status: Extract<RunStatus, 'completed' | 'failed'>,
  sinceMs: number,
): Promise<Run[]> {
  const client = clientOf(auth);
  const trackerIds = typeof props.tracker === 'string' && props.tracker ? [props.tracker] : [];
  if (trackerIds.length === 0) {
    for await (const tracker of client.trackers.listAll({ space_id: String(props.space) }))
      trackerIds.push(tracker.tracker_id);
  }
  const from = sinceMs - WAIT_DEFAULTS.timeoutMs;
  const query = { status, ...(from > 0 ? { start_date: new Date(from).toISOString() } : {}) };
  const runs: Run[] = [];
  for (const trackerId of trackerIds) {
    for await (const run of client.runs.listAll(trackerId, query)) runs.push(run);
  }
  return runs.sort((a, b) => finishedAt(b) - finishedAt(a) || b.run_id.localeCompare(a.run_id));
}

function runPolling(status: 'completed' | 'failed'): Polling<ConnectionValue, PollProps> {
  return {
    strategy: DedupeStrategy.TIMEBASED,
    items: async ({ auth, propsValue, lastFetchEpochMS }) => {
      const signals = (propsValue.signals ?? []) as Signal[];
      const runs = await finishedRuns(auth, propsValue, status, lastFetchEpochMS);
      return runs
        .filter((run) => signals.length === 0 || (run.result !== null && signals.includes(run.result.signal)))
        .map((run) => ({ epochMilliSeconds: finishedAt(run), data: run }));
    },
  };
}

function runTrigger(spec: {
  name: string;
  displayName: string;
  description: string;
  status: 'completed' | 'failed';
}) {
  const polling = runPolling(spec.status);
  const props: InputPropertyMap = {
    space: spaceDropdown(),
    tracker: trackerDropdown(false, 'None: every tracker of the space'),
  };
  // Failed runs have no result, so no signal to filter on.
  if (spec.status === 'completed') {
    props.signals = Property.StaticMultiSelectDropdown({
      displayName: 'Signals',
      description: 'Only runs with one of these signals (none selected: every signal)',
      required: false,
      options: { options: SIGNALS.map((value) => ({ label: value, value })) },
    });
  }
  return createTrigger({
    auth: trackerAuth,
    name: spec.name,
    displayName: spec.displayName,
    description: spec.description,
    type: TriggerStrategy.POLLING,
    props,
    sampleData: { ...(RUN_SAMPLE as object), status: spec.status },
    async onEnable({ auth, store, propsValue }) {
      await pollingHelper.onEnable(polling, { auth: auth, store, propsValue });
    },
    async onDisable({ auth, store, propsValue }) {
      await pollingHelper.onDisable(polling, { auth: auth, store, propsValue });
    },
    async test({ auth, store, propsValue, files }) {
      return pollingHelper.test(polling, { auth: auth, store, propsValue, files });
    },
    async run({ auth, store, propsValue, files }) {
      return pollingHelper.poll(polling, { auth: auth, store, propsValue, files });
    },
  });
}

export const newSignal = runTrigger({
  name: 'new_signal',
  displayName: 'New Signal',
  description: 'Starts for each run of your trackers that completed with a signal',
  status: 'completed',
});

export const runFailed = runTrigger({
  name: 'run_failed',
  displayName: 'Run Failed',
  description: 'Starts for each run of your trackers that failed',
  status: 'failed',
});
