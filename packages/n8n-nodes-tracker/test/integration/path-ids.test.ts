// Path ids through the n8n node: an ID the service could never have issued (`..` would make
// Run › Delete a DELETE of the tracker once the path is normalised) is refused with the core's id
// rule, naming the parameter, before any request; the tracker the ID was aimed at stays.

// Not in the node's bundle (the node does not use it): the rulebook itself.
import { VALIDATION_RULES } from '@trackerkit/core';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerRequest } from '../../nodes/shared/transport';
import { Tracker } from '../../nodes/Tracker/Tracker.node';
import { callApi, nodeContext, type Parameter } from './node-context';

let emulator: RunningEmulator;
let ids: { tracker: string; run: string; source: string };

beforeAll(async () => {
  emulator = await startEmulator({ validateResponses: true, log: () => {} });
  const base = emulator.baseUrl;
  const tracker = await callApi<{ tracker_id: string }>(
    emulator,
    'POST',
    `${base}/api/spaces/${emulator.spaceId}/trackers`,
    {
      name: 'Kept',
      description: 'Must survive every call below.',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
    },
  );
  const run = await callApi<{ run_id: string }>(
    emulator,
    'POST',
    `${base}/api/trackers/${tracker.tracker_id}/runs`,
    { sync: true },
  );
  const source = await callApi<{ source_id: string }>(
    emulator,
    'POST',
    `${base}/api/trackers/${tracker.tracker_id}/vault/sources`,
    { source_name: 's', data: { x: 1 } },
  );
  ids = { tracker: tracker.tracker_id, run: run.run_id, source: source.source_id };
});
afterAll(async () => {
  expect(emulator.contractViolations()).toEqual([]);
  await emulator?.close();
});

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const execute = (ctx: IExecuteFunctions) => new Tracker().execute.call(ctx);

const operations: [string, string, (bad: string) => Record<string, Parameter>][] = [
  [
    'Run › Delete',
    'Run',
    (bad) => ({ resource: 'run', operation: 'delete', trackerId: byId(ids.tracker), runId: byId(bad) }),
  ],
  [
    'Run › Get',
    'Run',
    (bad) => ({ resource: 'run', operation: 'get', trackerId: byId(ids.tracker), runId: byId(bad) }),
  ],
  [
    'Vault › Delete Source',
    'Source',
    (bad) => ({
      resource: 'vault',
      operation: 'deleteSource',
      trackerId: byId(ids.tracker),
      sourceId: byId(bad),
    }),
  ],
  [
    'Tracker › Delete',
    'Tracker',
    (bad) => ({ resource: 'tracker', operation: 'delete', trackerId: byId(bad) }),
  ],
  ['Space › Get', 'Space', (bad) => ({ resource: 'space', operation: 'get', spaceId: byId(bad) })],
];
const BAD = ['..', '.', '../..', 'a\\b', '%2E%2E', '..\u0000'];

describe('the n8n node: IDs that would walk the request path', () => {
  it.each(
    operations.flatMap(([name, label, parameters]) =>
      BAD.map((bad) => [name, JSON.stringify(bad), label, parameters, bad] as const),
    ),
  )('%s with %s is refused before sending', async (_name, _shown, label, parameters, bad) => {
    const { ctx, sent } = nodeContext(emulator, parameters(bad));
    const error = await execute(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as Error).message).toMatch(new RegExp(`^${label}: `));
    expect((error as Error).message).toContain(`rule ${VALIDATION_RULES.resourceId}`);
    expect(sent).toEqual([]);
  });

  it('trackerRequest refuses an ID from anywhere else too (a list search, an answer)', async () => {
    const { ctx, sent } = nodeContext(emulator);
    const error = await trackerRequest(ctx, 'DELETE', '/api/trackers/{tracker_id}/runs/{run_id}', {
      params: { tracker_id: ids.tracker, run_id: '..' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as Error).message).toMatch(/^Run: .*\(field run_id, rule /);
    expect(sent).toEqual([]);
  });

  it('leaves the tracker, its run and its vault in place', async () => {
    const base = `${emulator.baseUrl}/api/trackers/${ids.tracker}`;
    await expect(callApi(emulator, 'GET', base)).resolves.toMatchObject({ tracker_id: ids.tracker });
    await expect(callApi(emulator, 'GET', `${base}/runs/${ids.run}`)).resolves.toMatchObject({
      run_id: ids.run,
    });
    await expect(callApi(emulator, 'GET', `${base}/vault/sources/${ids.source}`)).resolves.toMatchObject({
      source_id: ids.source,
    });
  });
});
