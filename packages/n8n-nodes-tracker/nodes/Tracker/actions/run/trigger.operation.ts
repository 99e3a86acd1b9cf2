import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { jsonParse, NodeOperationError, sleep } from 'n8n-workflow';
import { checkRunTrigger } from '../../../shared/checks';
import {
  type Run,
  type RunAsyncResponse,
  type RunTrigger,
  RunWaitTimeout,
  waitForRun,
} from '../../../shared/generated/core';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter, throwIfProblems, toNodeError } from '../../../shared/node-errors';
import { outputChoice, outputProperties, shape } from '../../../shared/output';
import { trackerRequest } from '../../../shared/transport';

const here = show('run', ['trigger']);

/** An agent waits for its tool: a run that takes longer is better fetched later with Run › Get. */
export const TOOL_TIMEOUT_SECONDS = 300;

export const description: INodeProperties[] = [
  trackerLocator(here),
  {
    displayName: 'Wait for Completion',
    name: 'waitForCompletion',
    type: 'boolean',
    default: true,
    description:
      'Whether to poll the run until it is completed or failed and return the full run; otherwise return the pending run at once',
    displayOptions: here,
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    displayOptions: here,
    options: [
      {
        displayName: 'Context (JSON)',
        name: 'context',
        type: 'json',
        default: '{}',
        description: 'Notes or metadata for the run, sent as `context`',
      },
      {
        displayName: 'Poll Interval (Seconds)',
        name: 'pollIntervalSeconds',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 5,
        description: 'Time between checks while waiting',
      },
      {
        displayName: 'Return Failed Runs as Items',
        name: 'returnFailedRuns',
        type: 'boolean',
        default: false,
        description:
          "Whether a failed run is an output item (status failed, with its error_message) instead of an error. Off: the node fails with the run's error_message, which Continue On Fail or the error output can route.",
      },
      {
        displayName: 'Timeout (Seconds)',
        name: 'timeoutSeconds',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 3600,
        description: `Give up waiting after this long. Runs at the deepest reasoning modes can take about an hour. When the node runs as an AI agent's tool and this is not set, it waits ${TOOL_TIMEOUT_SECONDS} seconds. The instance's execution timeout (EXECUTIONS_TIMEOUT) stops the whole workflow first if it is shorter.`,
      },
    ],
  },
  ...outputProperties('run', 'run', ['trigger']).map((property) => ({
    ...property,
    displayOptions: {
      ...property.displayOptions,
      show: { ...property.displayOptions?.show, waitForCompletion: [true] },
    },
  })),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const wait = this.getNodeParameter('waitForCompletion', i) as boolean;
  const options = this.getNodeParameter('options', i, {}) as IDataObject;
  // Always asynchronous: works for every reasoning mode (zen refuses sync) and for any HTTP timeout.
  const body: RunTrigger = { sync: false };
  if (options.context !== undefined && options.context !== '') {
    const context =
      typeof options.context === 'string'
        ? jsonParse<unknown>(options.context, { fallbackValue: null })
        : options.context;
    if (!context || typeof context !== 'object' || Array.isArray(context)) {
      throw new NodeOperationError(this.getNode(), 'Context (JSON): must be a JSON object', { itemIndex: i });
    }
    if (Object.keys(context).length > 0) body.context = context as RunTrigger['context'];
  }
  throwIfProblems(this.getNode(), i, checkRunTrigger(body));
  const pollMs = Math.max(1, Number(options.pollIntervalSeconds ?? 5)) * 1000;
  const asTool = this.getNode().type.endsWith('Tool');
  const timeoutMs =
    Math.max(1, Number(options.timeoutSeconds ?? (asTool ? TOOL_TIMEOUT_SECONDS : 3600))) * 1000;
  const output = wait ? outputChoice(this, i) : undefined;

  const accepted = (await trackerRequest(this, 'POST', '/api/trackers/{tracker_id}/runs', {
    params: { tracker_id: trackerId },
    body,
    itemIndex: i,
  })) as RunAsyncResponse;
  if (!wait) return [{ json: accepted, pairedItem: { item: i } }];

  const getRun = () =>
    trackerRequest(this, 'GET', '/api/trackers/{tracker_id}/runs/{run_id}', {
      params: { tracker_id: trackerId, run_id: accepted.run_id },
      itemIndex: i,
    });
  let run: Run;
  try {
    // The interval the user chose stays fixed: it is also the longest pause.
    run = await waitForRun(
      getRun,
      accepted.run_id,
      { now: Date.now, sleep },
      { timeoutMs, intervalMs: pollMs, maxIntervalMs: pollMs },
    );
  } catch (error) {
    if (!(error instanceof RunWaitTimeout)) throw toNodeError(this.getNode(), error, i);
    throw new NodeOperationError(
      this.getNode(),
      `Run ${accepted.run_id} is still ${error.lastStatus} after ${timeoutMs / 1000} seconds`,
      {
        itemIndex: i,
        description: 'Raise Timeout (Seconds), or turn off Wait for Completion and use Run › Get later.',
      },
    );
  }
  // A failed run is the node's failure (Continue On Fail and the error output route it), unless asked.
  if (run.status === 'failed' && !options.returnFailedRuns) {
    throw new NodeOperationError(
      this.getNode(),
      `Run ${run.run_id} failed: ${run.error_message ?? 'the service gave no error_message'}`,
      {
        itemIndex: i,
        description: 'To get failed runs as items instead, turn on Options › Return Failed Runs as Items.',
      },
    );
  }
  const json = output ? shape(run, 'run', output.mode, output.fields) : run;
  return [{ json, pairedItem: { item: i } }];
}
