import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { runLocator, show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { outputChoice, outputProperties, shape } from '../../../shared/output';
import { trackerRequest } from '../../../shared/transport';

const here = show('run', ['get']);

export const description: INodeProperties[] = [
  trackerLocator(here),
  runLocator(here),
  ...outputProperties('run', 'run', ['get']),
];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const runId = idParameter(this, 'runId', i, 'Run');
  const output = outputChoice(this, i);
  const run = await trackerRequest(this, 'GET', '/api/trackers/{tracker_id}/runs/{run_id}', {
    params: { tracker_id: trackerId, run_id: runId },
    itemIndex: i,
  });
  return [{ json: shape(run, 'run', output.mode, output.fields), pairedItem: { item: i } }];
}
