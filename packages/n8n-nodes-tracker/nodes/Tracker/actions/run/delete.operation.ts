import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { runLocator, show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('run', ['delete']);

export const description: INodeProperties[] = [trackerLocator(here), runLocator(here)];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const runId = idParameter(this, 'runId', i, 'Run');
  await trackerRequest(this, 'DELETE', '/api/trackers/{tracker_id}/runs/{run_id}', {
    params: { tracker_id: trackerId, run_id: runId },
    itemIndex: i,
  });
  // The service's envelope ({success, message, data, errors}) says nothing a workflow needs; failures
  // are errors. n8n's convention for a delete is this one flag.
  return [{ json: { deleted: true }, pairedItem: { item: i } }];
}
