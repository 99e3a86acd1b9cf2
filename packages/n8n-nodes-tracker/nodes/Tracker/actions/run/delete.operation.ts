import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { idField, show, trackerLocator } from '../../../shared/locators';
import { idParameter } from '../../../shared/node-errors';
import { trackerRequest } from '../../../shared/transport';

const here = show('run', ['delete']);

export const description: INodeProperties[] = [trackerLocator(here), idField('Run ID', 'runId', here)];

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
  const trackerId = idParameter(this, 'trackerId', i, 'Tracker');
  const runId = idParameter(this, 'runId', i, 'Run ID');
  const result = await trackerRequest(this, 'DELETE', '/api/trackers/{tracker_id}/runs/{run_id}', {
    params: { tracker_id: trackerId, run_id: runId },
    itemIndex: i,
  });
  // `errors` is untyped in the document's envelope.
  return [{ json: result as IDataObject, pairedItem: { item: i } }];
}
