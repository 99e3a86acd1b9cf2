// Runs as 2025-11-25 experimental tasks with the real SDK v1 client (its experimental tasks API)
// against the emulator (manual clock): started on one stateless HTTP replica and followed on
// another (two server instances with one task key, keeping nothing), or started over stdio (a
// `trackerkit-mcp` process; the key derived from the API token, as the HTTP replicas' here) and
// followed over HTTP, and by the 2026-07-28 path. tasks/result waits for the run; cancel is
// refused and says why; a client that asks for no task keeps run_tracker as it was.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type Task } from '@modelcontextprotocol/sdk/types.js';
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { taskKeyFrom } from '../../src/secrets/task-key.ts';
import { TASKS_EXTENSION } from '../../src/tasks/task-protocol.ts';
import { commandParams, fastClient } from './harness.ts';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

let emulator: RunningEmulator;
const replicas: RunningHttpServer[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', log: () => {} });
  // What the bin derives from the API token: the stdio process below seals with the same key.
  const taskKey = taskKeyFrom({}, [emulator.token]);
  for (let i = 0; i < 2; i++)
    replicas.push(await startHttpServer({ client: fastClient(emulator), port: 0, taskKey }));
});
afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await emulator?.close();
});

async function connect(replica: RunningHttpServer) {
  const client = new Client({ name: 'legacy-tasks-test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(replica.url), {
      requestInit: { headers: { authorization: `Bearer ${replica.authToken}` } },
    }),
  );
  return client;
}

async function createTracker(): Promise<string> {
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Legacy task probe',
    description: 'A tracker run as a 2025-era task.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  return tracker.tracker_id;
}

const runArgs = (trackerId: string, emulatorContext: Record<string, unknown>) => ({
  name: 'run_tracker',
  arguments: { tracker_id: trackerId, context: { emulator: emulatorContext } },
});

/** Starts run_tracker as a task with the v1 experimental API; the stream is left at its first message. */
async function startTask(client: Client, trackerId: string, emulatorContext: Record<string, unknown>) {
  const stream = client.experimental.tasks.callToolStream(
    runArgs(trackerId, emulatorContext),
    CallToolResultSchema,
    { task: { ttl: 60_000 } },
  );
  const first = await stream.next();
  await stream.return(undefined);
  if (first.done || first.value.type !== 'taskCreated')
    throw new Error(`expected taskCreated, got ${JSON.stringify(first.value)}`);
  return first.value.task;
}

async function pollToEnd(client: Client, taskId: string) {
  const seen: string[] = [];
  const task = await waitUntil(
    async () => {
      const now = await client.experimental.tasks.getTask(taskId);
      seen.push(now.status);
      return now.status === 'working' ? undefined : now;
    },
    { timeout: 20_000, interval: 100, what: `task ${taskId} done` },
  );
  return { task, seen };
}

describe('run_tracker as a 2025-11-25 task (SDK v1 client)', () => {
  it('declares tasks for tools/call only (no list, no cancel), and run_tracker and upload_vault_data as optional', async () => {
    const client = await connect(replicas[0]!);
    try {
      expect(client.getServerCapabilities()?.tasks).toEqual({ requests: { tools: { call: {} } } });
      const { tools } = await client.listTools();
      const withTasks = tools.filter((tool) => tool.execution?.taskSupport !== undefined);
      expect(withTasks.map((tool) => [tool.name, tool.execution?.taskSupport])).toEqual([
        ['run_tracker', 'optional'],
        ['upload_vault_data', 'optional'],
      ]);
    } finally {
      await client.close();
    }
  });

  it('starts on one replica; another answers tasks/get to completion and tasks/result', async () => {
    const trackerId = await createTracker();
    const first = await connect(replicas[0]!);
    const task = await startTask(first, trackerId, { score: 8, delay_ms: 800 });
    await first.close();
    expect(task).toMatchObject({ status: 'working', ttl: null, pollInterval: 5000 });
    expect(task.statusMessage).toMatch(/started/);

    const second = await connect(replicas[1]!);
    try {
      const { task: done, seen } = await pollToEnd(second, task.taskId);
      expect(seen[0]).toBe('working');
      expect(done).toMatchObject({ taskId: task.taskId, status: 'completed', createdAt: task.createdAt });
      const result = await second.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result.structuredContent).toMatchObject({ done: true, status: 'completed', score: 8 });
      expect(result.isError).toBeUndefined();
      expect(result._meta?.[RELATED_TASK]).toEqual({ taskId: task.taskId });
    } finally {
      await second.close();
    }
  });

  it("the v1 client's own stream follows the task to its result", async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[1]!);
    try {
      const types: string[] = [];
      let last: unknown;
      for await (const message of client.experimental.tasks.callToolStream(
        runArgs(trackerId, { score: 6, delay_ms: 100 }),
        CallToolResultSchema,
        { task: {} },
      )) {
        types.push(message.type);
        last = message;
      }
      expect(types[0]).toBe('taskCreated');
      expect(types.at(-1)).toBe('result');
      expect(last).toMatchObject({ result: { structuredContent: { done: true, score: 6 } } });
    } finally {
      await client.close();
    }
  });

  it('tasks/result waits for a working task, and a failed run is an isError result', async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[0]!);
    try {
      const task = await startTask(client, trackerId, { fail: 'Source unreachable', delay_ms: 1200 });
      const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result).toMatchObject({ isError: true, structuredContent: { done: true, status: 'failed' } });
    } finally {
      await client.close();
    }
  });

  it('cancel is refused and says why; the run goes on and the task still ends', async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[1]!);
    try {
      const task = await startTask(client, trackerId, { score: 3, delay_ms: 600 });
      await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(
          /cannot be cancelled: .*no task state to hold it cancelled.* It goes on/,
        ),
      });
      const { task: done } = await pollToEnd(client, task.taskId);
      expect(done.status).toBe('completed');
    } finally {
      await client.close();
    }
  });

  it('a task id this server did not seal is an unknown task (-32602)', async () => {
    const client = await connect(replicas[0]!);
    try {
      await expect(client.experimental.tasks.getTask('t1.eyJ4IjoxfQ.forged')).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      await client.close();
    }
  });

  it('a call without `task` keeps run_tracker as it was', async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[0]!);
    try {
      await client.listTools();
      const result = await client.callTool(runArgs(trackerId, { score: 8, delay_ms: 100 }));
      expect(result).not.toHaveProperty('task');
      expect(result.structuredContent).toMatchObject({ done: true, signal: 'Excellent' });
    } finally {
      await client.close();
    }
  });

  it('a task started over stdio is answered over HTTP, in both eras', async () => {
    const trackerId = await createTracker();
    const stdio = new Client({ name: 'legacy-tasks-stdio', version: '0' });
    await stdio.connect(new StdioClientTransport(commandParams(emulator, {}, 'ignore')));
    let task: Task;
    try {
      expect(stdio.getServerCapabilities()?.tasks).toEqual({ requests: { tools: { call: {} } } });
      task = await startTask(stdio, trackerId, { score: 9, delay_ms: 300 });
    } finally {
      await stdio.close();
    }
    const http = await connect(replicas[1]!);
    try {
      const { task: done } = await pollToEnd(http, task.taskId);
      expect(done.status).toBe('completed');
    } finally {
      await http.close();
    }
    // The same handle on the 2026-07-28 path (raw: the v1 client speaks 2025 only).
    const response = await fetch(replicas[0]!.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${replicas[0]!.authToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tasks/get',
        'mcp-name': task.taskId,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tasks/get',
        params: {
          taskId: task.taskId,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
          },
        },
      }),
    });
    const answer = (await response.json()) as { result?: Record<string, unknown> };
    expect(answer.result).toMatchObject({
      status: 'completed',
      result: { structuredContent: { done: true, score: 9 } },
    });
  });
});
