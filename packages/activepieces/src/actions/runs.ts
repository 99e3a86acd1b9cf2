// Run actions: start a run (optionally waiting for its end) and find a run. Waiting is the core's
// rule (poll intervals, growth, timeout), applied by the client.
import { createAction, Property } from '@activepieces/pieces-framework';
import type { ListRunsQuery } from '@trackerkit/client';
import { RUN_STATUSES, SIGNALS, WAIT_DEFAULTS } from '@trackerkit/core';
import { clientOf, trackerAuth } from '../auth.ts';
import { given, jsonObject } from '../inputs.ts';
import { spaceDropdown, trackerDropdown } from '../props.ts';

const choices = (values: readonly string[]) => ({
  options: values.map((value) => ({ label: value, value })),
});

export const runTracker = createAction({
  auth: trackerAuth,
  name: 'run_tracker',
  displayName: 'Run Tracker',
  description: 'Starts a run; optionally waits until it has completed or failed',
  props: {
    space: spaceDropdown(),
    tracker: trackerDropdown(),
    wait: Property.Checkbox({
      displayName: 'Wait for the result',
      description: 'On: the step ends when the run has completed or failed, and returns the run',
      required: false,
      defaultValue: true,
    }),
    timeoutSeconds: Property.Number({
      displayName: 'Wait at most (seconds)',
      description: `Default ${WAIT_DEFAULTS.timeoutMs / 1000}; the step fails when the run has not finished by then`,
      required: false,
    }),
    context: Property.Json({
      displayName: 'Context (JSON)',
      description: 'Extra context handed to this run',
      required: false,
    }),
  },
  async run({ auth, propsValue: p }) {
    const runs = clientOf(auth).runs;
    const trackerId = p.tracker as string;
    const context = jsonObject(p.context, 'context');
    const body = Object.keys(context).length > 0 ? { context } : {};
    if (p.wait === false) return runs.trigger(trackerId, body);
    const timeoutMs = p.timeoutSeconds ? p.timeoutSeconds * 1000 : undefined;
    return runs.triggerAndWait(trackerId, body, given({ timeoutMs }));
  },
});

export const findRun = createAction({
  auth: trackerAuth,
  name: 'find_run',
  displayName: 'Find Run',
  description: 'Reads a run by id, or finds the newest run of a tracker matching the filters',
  props: {
    space: spaceDropdown(),
    tracker: trackerDropdown(),
    runId: Property.ShortText({
      displayName: 'Run ID',
      description: 'Leave empty to find the newest run matching the filters',
      required: false,
    }),
    status: Property.StaticDropdown({
      displayName: 'Status',
      required: false,
      options: choices(RUN_STATUSES),
    }),
    signal: Property.StaticDropdown({ displayName: 'Signal', required: false, options: choices(SIGNALS) }),
  },
  async run({ auth, propsValue: p }) {
    const runs = clientOf(auth).runs;
    const trackerId = p.tracker as string;
    if (p.runId) return { found: true, run: await runs.get(trackerId, p.runId) };
    // The service lists a tracker's runs newest first: the first one is the newest match.
    const filters = given({ status: p.status, signal: p.signal }) as ListRunsQuery;
    const page = await runs.list(trackerId, { ...filters, page_size: 1 });
    const [run] = page.data;
    return run ? { found: true, run } : { found: false, run: null };
  },
});
