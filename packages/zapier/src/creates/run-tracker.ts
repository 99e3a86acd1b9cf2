// Run a tracker now, optionally waiting for the result. Waiting is the client's triggerAndWait (the
// core's polling schedule), bounded by what fits in Zapier's 30 s: a run still going then is an
// error naming the run, which Find Run or the New Signal trigger picks up later.
import { type RunTrigger, TrackerTimeoutError } from '@trackerkit/client';
import type { Bundle, Create, ZObject } from 'zapier-platform-core';
import { spaceFilterField, trackerField } from '../fields.ts';
import { runOutputFields, runSample, withRunId } from '../samples.ts';
import { withClient, ZAPIER_PERFORM_MS } from '../tracker-client.ts';

/** Longest wait offered: what is left of Zapier's limit after the trigger request and some margin. */
const MAX_WAIT_SECONDS = Math.floor((ZAPIER_PERFORM_MS * 0.8) / 1000);

const isTrue = (value: unknown) => value === true || value === 'true';

function contextOf(z: ZObject, value: unknown): RunTrigger['context'] {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return value as RunTrigger['context'];
  return z.JSON.parse(String(value));
}

export const runTracker = {
  key: 'run_tracker',
  noun: 'Run',
  display: {
    label: 'Run Tracker',
    description: 'Starts a run of a tracker, and can wait for its score.',
  },
  operation: {
    inputFields: [
      spaceFilterField,
      trackerField,
      {
        key: 'context',
        label: 'Context',
        type: 'text' as const,
        required: false,
        helpText: 'A JSON object handed to the run (optional).',
      },
      {
        key: 'wait',
        label: 'Wait for the Result',
        type: 'boolean' as const,
        required: false,
        default: 'false',
        helpText: `Waits up to the time below for the run to finish (Zapier allows a step ${ZAPIER_PERFORM_MS / 1000} s).`,
      },
      {
        key: 'wait_seconds',
        label: 'Wait at Most (Seconds)',
        type: 'integer' as const,
        required: false,
        default: String(MAX_WAIT_SECONDS),
        helpText: `At most ${MAX_WAIT_SECONDS}.`,
      },
    ],
    perform: (z: ZObject, bundle: Bundle) =>
      withClient(z, bundle, async (client) => {
        const trackerId = bundle.inputData.tracker_id as string;
        const context = contextOf(z, bundle.inputData.context);
        const body: RunTrigger = context === undefined ? {} : { context };
        if (!isTrue(bundle.inputData.wait)) {
          const accepted = await client.runs.trigger(trackerId, body);
          return withRunId(await client.runs.get(trackerId, accepted.run_id));
        }
        const seconds = Math.min(Number(bundle.inputData.wait_seconds) || MAX_WAIT_SECONDS, MAX_WAIT_SECONDS);
        try {
          return withRunId(await client.runs.triggerAndWait(trackerId, body, { timeoutMs: seconds * 1000 }));
        } catch (error) {
          if (error instanceof TrackerTimeoutError)
            throw new z.errors.Error(
              `run ${error.runId} is still going after ${seconds} s; the New Signal trigger or Find Run gets its result`,
              'RunStillGoing',
              408,
            );
          throw error;
        }
      }),
    sample: runSample,
    outputFields: runOutputFields,
  },
} satisfies Create;
