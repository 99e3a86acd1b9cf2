import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { jsonParse, NodeOperationError, sleep } from 'n8n-workflow';
import { show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';
import type { Run, RunAsyncResponse } from '../../../shared/types';

const here = show('run', ['trigger']);

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
        displayName: 'Timeout (Seconds)',
        name: 'timeoutSeconds',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 3600,
        description:
          'Give up waiting after this long (runs at the deepest reasoning modes can take about an hour)',
      },
    ],
  },
];

const finished = (run: Run) => run.status === 'completed' || run.status === 'failed';

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const wait = this.getNodeParameter('waitForCompletion', i) as boolean;
  const options = this.getNodeParameter('options', i, {}) as IDataObject;
  const body: IDataObject = { sync: false };
  if (options.context !== undefined && options.context !== '') {
    const context =
      typeof options.context === 'string'
        ? jsonParse<unknown>(options.context, { fallbackValue: null })
        : options.context;
    if (!context || typeof context !== 'object' || Array.isArray(context)) {
      throw new NodeOperationError(this.getNode(), 'Context (JSON): must be a JSON object', { itemIndex: i });
    }
    if (Object.keys(context).length > 0) body.context = context as IDataObject;
  }
  const pollMs = Math.max(1, Number(options.pollIntervalSeconds ?? 5)) * 1000;
  const timeoutMs = Math.max(1, Number(options.timeoutSeconds ?? 3600)) * 1000;

  // Always asynchronous: works for every reasoning mode (zen refuses sync) and for any HTTP timeout.
  const accepted = (await trackerRequest.call(this, 'POST', `/api/trackers/${trackerId}/runs`, {
    body,
    itemIndex: i,
    // A request that may have reached the server must not be repeated: it would start a second run.
    rateLimitRetries: 0,
  })) as RunAsyncResponse;
  if (!wait) return [{ json: accepted, pairedItem: { item: i } }];

  const runPath = `/api/trackers/${trackerId}/runs/${encodeURIComponent(accepted.run_id)}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await trackerRequest.call(this, 'GET', runPath, { itemIndex: i })) as Run;
    if (finished(run)) return [{ json: run, pairedItem: { item: i } }];
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new NodeOperationError(
        this.getNode(),
        `Run ${accepted.run_id} is still ${run.status} after ${timeoutMs / 1000} seconds`,
        {
          itemIndex: i,
          description: 'Raise Timeout (Seconds), or turn off Wait for Completion and use Run › Get later.',
        },
      );
    }
    await sleep(Math.min(pollMs, left));
  }
}
