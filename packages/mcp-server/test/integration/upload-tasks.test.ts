// upload_vault_data as a task, against the emulator with each upload request slowed by its latency
// fault: started on one `trackerkit-mcp --http` process and followed from another (2026-07-28,
// raw calls and the SDK v2 client), and as a 2025-11-25 task with the SDK v1 client. The other
// process answers from the service's count of the source; the sending one from what it sent.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient, type TrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uploadTaskBacking } from '../../src/tools/vault/upload-tasks.ts';
import { modernRequest } from './harness.ts';
import {
  callRaw,
  connect,
  getTask,
  pollToEnd,
  type Replica,
  startReplica,
  stopReplicas,
} from './task-replicas.ts';

const AUTH = 'upload-tasks-token';

let emulator: RunningEmulator;
let api: TrackerClient;
let files: string;
const replicas: Replica[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, log: () => {} });
  api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  files = await mkdtemp(join(tmpdir(), 'upload-tasks-'));
  for (let i = 0; i < 2; i++) replicas.push(await startReplica(emulator, AUTH, ['--files-root', files]));
});
afterAll(async () => {
  await stopReplicas(replicas);
  await emulator?.close();
  await rm(files, { recursive: true, force: true });
});

/** A tracker whose uploads each wait `latencyMs` at the emulator before they are processed. */
async function slowTracker(latencyMs: number): Promise<string> {
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Upload task probe',
    description: 'A tracker whose vault takes rows as a task.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  emulator.faults.add({
    operation_id: 'uploadVaultData',
    tracker_id: tracker.tracker_id,
    kind: 'latency',
    latency_ms: latencyMs,
  });
  return tracker.tracker_id;
}

/** A CSV file of `count` rows under the files root. */
async function csvFile(name: string, count: number): Promise<string> {
  const lines = ['n,city'];
  for (let n = 0; n < count; n++) lines.push(`${n},Lyon`);
  await writeFile(join(files, name), `${lines.join('\n')}\n`);
  return name;
}

const dataCount = async (trackerId: string, name: string) =>
  (await api.vault.listSources(trackerId)).data.find((source) => source.name === name)?.data_count;

describe('upload_vault_data as a task (2026-07-28)', () => {
  it('answers after the first batch; another process follows the rest from the service to the result', async () => {
    const trackerId = await slowTracker(300);
    const path = await csvFile('deliveries.csv', 2500);
    const created = await callRaw(replicas[0]!, 'upload_vault_data', {
      tracker_id: trackerId,
      source_name: 'log',
      path,
    });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: null });
    expect(created.structuredContent).toMatchObject({ batches: 1, rows_processed: 1000 });
    expect(created.statusMessage).toMatch(/Uploading 2500 rows to source \S+ in 3 batches/);

    const other = await connect(replicas[1]!, true);
    try {
      const working = await getTask(other, created.taskId as string);
      expect(working.status).toBe('working');
      expect(working.statusMessage).toMatch(
        /of 2500 rows stored in source .*only on the server process sending/,
      );
      const { task } = await pollToEnd(other, created.taskId as string);
      expect(task.status).toBe('completed');
      expect(task.result).toMatchObject({
        structuredContent: { batches: 3, rows_processed: 2500 },
        content: [
          {
            type: 'text',
            text: expect.stringMatching(/^Uploaded 2500 rows to source \S+ "log" in 3 batches\.$/),
          },
        ],
      });
      expect(task.result).not.toHaveProperty('isError');
    } finally {
      await other.close();
    }
    expect(await dataCount(trackerId, 'log')).toBe(2500);
    // The sending process gives the same answer from what it sent.
    const sender = await connect(replicas[0]!, true);
    try {
      const { task } = await pollToEnd(sender, created.taskId as string);
      expect(task.result).toMatchObject({ structuredContent: { batches: 3, rows_processed: 2500 } });
    } finally {
      await sender.close();
    }
  });

  it('a row the service would refuse is found before any is sent: a tool error, no task', async () => {
    const trackerId = await slowTracker(0);
    const rows = [...Array.from({ length: 1500 }, (_, n) => JSON.stringify({ n })), '[1, 2]'];
    await writeFile(join(files, 'bad.jsonl'), `${rows.join('\n')}\n`);
    const answer = await callRaw(replicas[1]!, 'upload_vault_data', {
      tracker_id: trackerId,
      source_name: 'bad',
      path: 'bad.jsonl',
    });
    expect(answer).not.toHaveProperty('taskId');
    expect(answer).toMatchObject({ isError: true });
    expect(answer.content).toEqual([
      {
        type: 'text',
        text: 'upload_vault_data: invalid arguments: `path`: line 1501 is not a JSON object; each row must be one. Correct them and call upload_vault_data again.',
      },
    ]);
    expect(await dataCount(trackerId, 'bad')).toBeUndefined();
  });

  it('a client gone before the task exists takes the upload with it: nothing past the batch in flight', async () => {
    const trackerId = await slowTracker(1000);
    const path = await csvFile('gone.csv', 2500);
    const gone = new AbortController();
    const arguments_ = { tracker_id: trackerId, source_name: 'gone', path };
    const call = modernRequest(
      replicas[0]!,
      'tools/call',
      { name: 'upload_vault_data', arguments: arguments_ },
      true,
      gone.signal,
    );
    setTimeout(() => gone.abort(), 300);
    await expect(call).rejects.toThrow();
    // Left running, the three batches would all be stored by now.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect((await dataCount(trackerId, 'gone')) ?? 0).toBeLessThanOrEqual(1000);
  });

  it('cancel stops the sending where it reaches the sending process; elsewhere it changes nothing', async () => {
    const trackerId = await slowTracker(700);
    const path = await csvFile('long.csv', 6000);
    const created = await callRaw(replicas[0]!, 'upload_vault_data', {
      tracker_id: trackerId,
      source_name: 'long',
      path,
    });
    const taskId = created.taskId as string;
    const other = await connect(replicas[1]!, true);
    const sender = await connect(replicas[0]!, true);
    try {
      await other.request({ method: 'tasks/cancel', params: { taskId } }, z.looseObject({}));
      expect((await getTask(sender, taskId)).status).toBe('working');
      await sender.request({ method: 'tasks/cancel', params: { taskId } }, z.looseObject({}));
      const { task } = await pollToEnd(sender, taskId);
      expect(task.status).toBe('completed');
      expect(task.result).toMatchObject({ isError: true });
      const text = JSON.stringify(task.result);
      expect(text).toMatch(/upload_vault_data: cancelled\. Note: rows of long\.csv\[0\.\.\d+\]/);
      const resume = Number(/skip_rows (\d+)/.exec(text)?.[1]);
      expect(resume).toBeGreaterThanOrEqual(1000);
      expect(resume).toBeLessThan(6000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Nothing more is sent: at most the batch in flight when the cancel came arrived.
      const stored = (await dataCount(trackerId, 'long')) ?? 0;
      expect(stored).toBeLessThanOrEqual(resume + 1000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await dataCount(trackerId, 'long')).toBe(stored);
    } finally {
      await other.close();
      await sender.close();
    }
  });
});

describe('upload_vault_data as a 2025-11-25 task (SDK v1 client)', () => {
  it('is created at once, and tasks/result brings the tool result', async () => {
    const trackerId = await slowTracker(200);
    const client = new ClientV1({ name: 'upload-tasks-v1', version: '0' });
    await client.connect(
      new HttpV1(new URL(replicas[1]!.url), {
        requestInit: { headers: { authorization: `Bearer ${AUTH}` } },
      }),
    );
    try {
      const rows = Array.from({ length: 1500 }, (_, n) => ({ n }));
      const stream = client.experimental.tasks.callToolStream(
        { name: 'upload_vault_data', arguments: { tracker_id: trackerId, source_name: 'inline', rows } },
        CallToolResultSchema,
        { task: { ttl: 60_000 } },
      );
      const seen: string[] = [];
      let result: unknown;
      for await (const message of stream) {
        seen.push(message.type);
        if (message.type === 'result') result = message.result;
      }
      expect(seen[0]).toBe('taskCreated');
      expect(result).toMatchObject({ structuredContent: { batches: 2, rows_processed: 1500 } });
    } finally {
      await client.close();
    }
    expect(await dataCount(trackerId, 'inline')).toBe(1500);
  });
});

describe("the task's state from the service, where no process is sending the rows", () => {
  // This test process sends nothing: the backing answers from the source as the service counts it.
  const fieldsOf = async (sourceName: string, rows: number, deadline: number) => {
    const trackerId = await slowTracker(0);
    await api.vault.uploadRows(trackerId, { source_name: sourceName, rows: [{ n: 1 }, { n: 2 }] });
    await api.vault.uploadRows(trackerId, { source_name: sourceName, rows: [{ n: 3 }] });
    return {
      trackerId,
      sourceName,
      before: 2,
      rows,
      batches: 1,
      first: 5,
      from: 'rows of x.csv',
      deadline,
      id: 'elsewhere',
    };
  };
  const stateOf = async (rows: number, deadline: number) =>
    uploadTaskBacking.state(await fieldsOf('s', rows, deadline), { client: api, createdAt: 0 });

  it.each([
    [
      'every row stored',
      {
        given: { rows: 1, deadline: Date.now() + 60_000 },
        want: {
          status: 'completed',
          isError: undefined,
          text: /^Uploaded 1 rows to source \S+ "s" in 1 batches\.$/,
        },
      },
    ],
    [
      'short, before the deadline',
      {
        given: { rows: 5, deadline: Date.now() + 60_000 },
        want: { status: 'working', isError: undefined, text: /^1 of 5 rows stored in source / },
      },
    ],
    [
      'short, past the deadline',
      {
        given: { rows: 5, deadline: Date.now() - 1 },
        want: {
          status: 'completed',
          isError: true,
          text: /the upload stopped: 1 of 5 rows .* To finish, call again with skip_rows 6\.$/,
        },
      },
    ],
  ])('%s', async (_name, { given, want }) => {
    const state = await stateOf(given.rows, given.deadline);
    expect(state.status).toBe(want.status);
    const text = state.status === 'completed' ? state.result.text : state.statusMessage;
    expect(text).toMatch(want.text);
    expect(state.status === 'completed' ? state.result.isError : undefined).toBe(want.isError);
  });
});
