// What the node's operations return, run through the node's execute against the emulator: Simplify and
// the AI tool's Output choice for trackers and runs, a failed run as an error or an item, deletes as
// `{ deleted: true }`, Vault › Get Recent with JSON content parsed.
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELDS, SIMPLE_FIELDS } from '../../nodes/shared/output';
import { Tracker } from '../../nodes/Tracker/Tracker.node';
import { callApi, nodeContext, type Parameter, type Setup } from './node-context';

let emulator: RunningEmulator;
let trackerId: string;
let runId: string;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const api = <T>(method: string, path: string, body?: unknown) =>
  callApi<T>(emulator, method, `${emulator.baseUrl}${path}`, body);

async function execute(parameters: Record<string, Parameter>, setup: Setup = {}, asTool = false) {
  const { ctx } = nodeContext(emulator, parameters, setup);
  if (asTool) {
    const node = ctx.getNode() as INode;
    Object.assign(node, { type: `${node.type}Tool` });
  }
  const [out] = await new Tracker().execute.call(ctx as IExecuteFunctions);
  return out ?? [];
}

const createTracker = (name: string) =>
  api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
    name,
    description: `${name}, for the output tests`,
    run_mode: 'manual',
    agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
  }).then((tracker) => tracker.tracker_id);

beforeAll(async () => {
  emulator = await startEmulator({ validateResponses: true, log: () => {} });
  trackerId = await createTracker('Outputs');
  runId = (
    await api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
      sync: true,
      context: { emulator: { score: 6 } },
    })
  ).run_id;
});

afterAll(async () => {
  expect(emulator.contractViolations()).toEqual([]);
  await emulator?.close();
});

describe('Simplify and Output', () => {
  it.each([
    [
      'Tracker › Get, Simplify on (the default)',
      { resource: 'tracker', operation: 'get' },
      SIMPLE_FIELDS.tracker,
    ],
    [
      'Tracker › Get, Simplify off',
      { resource: 'tracker', operation: 'get', simplify: false },
      FIELDS.tracker,
    ],
    ['Run › Get, Simplify on', { resource: 'run', operation: 'get' }, SIMPLE_FIELDS.run],
    ['Run › Get, Simplify off', { resource: 'run', operation: 'get', simplify: false }, FIELDS.run],
    [
      'Run › Get Many, Simplify on',
      { resource: 'run', operation: 'getAll', returnAll: true, filters: {} },
      SIMPLE_FIELDS.run,
    ],
  ] as const)('%s', async (_name, given, fields) => {
    const out = await execute({ trackerId: byId(trackerId), runId: byId(runId), ...given });
    expect(out.length).toBeGreaterThan(0);
    for (const item of out) expect(Object.keys(item.json)).toEqual([...fields]);
  });

  it('a simplified run keeps what workflows map: status, result and error_message', async () => {
    const [item] = await execute({
      resource: 'run',
      operation: 'get',
      trackerId: byId(trackerId),
      runId: byId(runId),
    });
    expect(item?.json).toMatchObject({
      run_id: runId,
      status: 'completed',
      result: { score: 6 },
      error_message: null,
    });
    expect(item?.json).not.toHaveProperty('config_snapshot');
  });

  it.each([
    ['Simplified', { output: 'simplified' }, SIMPLE_FIELDS.run],
    ['Raw', { output: 'raw' }, FIELDS.run],
    ['Selected Fields', { output: 'selected', fields: ['run_id', 'result'] }, ['run_id', 'result']],
  ] as const)('as an AI tool, Output › %s', async (_name, given, fields) => {
    const out = await execute(
      { resource: 'run', operation: 'get', trackerId: byId(trackerId), runId: byId(runId), ...given },
      {},
      true,
    );
    expect(Object.keys(out[0]?.json ?? {})).toEqual([...fields]);
  });

  it('Selected Fields without a field is refused before any request', async () => {
    const error = await execute(
      {
        resource: 'run',
        operation: 'get',
        trackerId: byId(trackerId),
        runId: byId(runId),
        output: 'selected',
        fields: [],
      },
      {},
      true,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as Error).message).toBe('Fields: choose at least one field');
  });
});

describe('Run › Trigger with Wait for Completion', () => {
  const trigger = (options: Record<string, unknown>) => ({
    resource: 'run',
    operation: 'trigger',
    trackerId: byId(trackerId),
    waitForCompletion: true,
    options: { pollIntervalSeconds: 1, timeoutSeconds: 30, ...options },
  });
  const failing = JSON.stringify({ emulator: { fail: 'Vault is empty' } });

  it('fails on a failed run with its error_message', async () => {
    const error = await execute(trigger({ context: failing })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as NodeOperationError).message).toMatch(/^Run run_\S+ failed: Vault is empty$/);
    expect((error as NodeOperationError).context.itemIndex).toBe(0);
  });

  it('with Continue On Fail gives {error} paired with the item', async () => {
    const out = await execute(trigger({ context: failing }), { continueOnFail: true });
    expect(out).toEqual([
      { json: { error: expect.stringMatching(/failed: Vault is empty$/) }, pairedItem: { item: 0 } },
    ]);
  });

  it('with Return Failed Runs as Items returns the failed run', async () => {
    const out = await execute(trigger({ context: failing, returnFailedRuns: true }));
    expect(out[0]?.json).toMatchObject({ status: 'failed', result: null, error_message: 'Vault is empty' });
  });

  it('returns a completed run, simplified', async () => {
    const out = await execute(trigger({ context: JSON.stringify({ emulator: { score: 9 } }) }));
    expect(Object.keys(out[0]?.json ?? {})).toEqual([...SIMPLE_FIELDS.run]);
    expect(out[0]?.json).toMatchObject({ status: 'completed', result: { score: 9 } });
  });
});

describe('deletes and Get Recent', () => {
  it.each([
    [
      'Tracker › Delete',
      async () => ({
        resource: 'tracker',
        operation: 'delete',
        trackerId: byId(await createTracker('To delete')),
      }),
    ],
    [
      'Run › Delete',
      async () => {
        const { run_id } = await api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
          sync: true,
        });
        return { resource: 'run', operation: 'delete', trackerId: byId(trackerId), runId: byId(run_id) };
      },
    ],
    [
      'Vault › Delete Source',
      async () => {
        const source = await api<{ source_id: string }>('POST', `/api/trackers/${trackerId}/vault/sources`, {
          source_name: 'to delete',
          data: [{ a: 1 }],
        });
        return {
          resource: 'vault',
          operation: 'deleteSource',
          trackerId: byId(trackerId),
          sourceId: byId(source.source_id),
        };
      },
    ],
  ] as const)('%s returns { deleted: true }', async (_name, given) => {
    const out = await execute(await given());
    expect(out).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
  });

  it('Vault › Get Recent parses JSON content and leaves text as it is', async () => {
    const id = await createTracker('Recent');
    await api('POST', `/api/trackers/${id}/vault/sources`, {
      source_name: 'deliveries',
      data: [{ sku: 'A-1', late_days: 3 }],
    });
    const out = await execute({
      resource: 'vault',
      operation: 'getRecent',
      trackerId: byId(id),
      limit: 10,
      filters: {},
    });
    expect(out.map((item) => item.json.content)).toEqual([{ sku: 'A-1', late_days: 3 }]);
  });
});
