// Runs as tasks (Tasks extension, 2026-07-28) with the SDK v2 client against the emulator (manual
// clock): a run started as a task on one server process is followed from another (each a
// `trackerkit-mcp --http` process; the handle's key is derived from the API token both are given),
// after the first client went away; cancel is acknowledged and stops nothing; clients that do not
// declare the extension keep today's run_tracker and get -32021 from tasks/get.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TASKS_EXTENSION } from '../../src/tasks/task-protocol.ts';
import { answerOf } from './harness.ts';

const BIN = fileURLToPath(new URL('../../src/bin.ts', import.meta.url));
const AUTH = 'run-tasks-token';

let emulator: RunningEmulator;
const replicas: { child: ChildProcess; url: string }[] = [];

async function startReplica(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=trackerkit-source', BIN, '--http', '--port', '0', '--auth-token', AUTH],
    {
      env: { PATH: process.env.PATH, TRACKER_API_URL: emulator.baseUrl, TRACKER_API_TOKEN: emulator.token },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const [line] = await once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), 'line');
  return { child, url: (JSON.parse(String(line)) as { url: string }).url };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', log: () => {} });
  replicas.push(await startReplica(), await startReplica());
});
afterAll(async () => {
  for (const { child } of replicas) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await emulator?.close();
});

const taskSchema = z.looseObject({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  result: z.looseObject({}).optional(),
  error: z.looseObject({}).optional(),
});

/** A 2026-07-28 client; `tasks` declares the extension in every request's capabilities. */
async function connect(url: string, tasks: boolean) {
  const client = new Client(
    { name: 'run-tasks-test', version: '0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      ...(tasks ? { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } } : {}),
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${AUTH}` } },
    }),
  );
  return client;
}

async function createTracker(): Promise<string> {
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'Task probe',
    description: 'A tracker run as a task.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  return tracker.tracker_id;
}

const getTask = (client: Client, taskId: string) =>
  client.request({ method: 'tasks/get', params: { taskId } }, taskSchema);

async function pollToEnd(client: Client, taskId: string) {
  const seen: string[] = [];
  for (let i = 0; i < 200; i++) {
    const task = await getTask(client, taskId);
    seen.push(task.status);
    if (task.status !== 'working') return { task, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${taskId} still working: ${seen.join(',')}`);
}

/**
 * tools/call as raw JSON-RPC with the 2026-07-28 envelope declaring the extension: the SDK v2
 * client refuses a `resultType: "task"` answer ("Unsupported result type 'task' for tools/call";
 * the ext-tasks package's raw dispatch is what handles it), so the task is created on the wire and
 * followed with the SDK client.
 */
async function callRaw(_client: Client, name: string, args: Record<string, unknown>, url = replicas[0]!.url) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${AUTH}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'run-tasks-test', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
        },
      },
    }),
  });
  const { answer, text } = await answerOf(response);
  expect(answer?.result, text.slice(0, 500)).toBeDefined();
  return answer.result as Record<string, unknown>;
}

describe('run_tracker as a task (2026-07-28)', () => {
  it('server/discover advertises the extension', async () => {
    const client = await connect(replicas[0]!.url, true);
    try {
      const capabilities = client.getServerCapabilities() as { extensions?: Record<string, unknown> };
      expect(capabilities.extensions).toHaveProperty([TASKS_EXTENSION]);
    } finally {
      await client.close();
    }
  });

  it('starts on one replica, is followed from another after a disconnect, and ends with the result', async () => {
    const trackerId = await createTracker();
    const first = await connect(replicas[0]!.url, true);
    const created = await callRaw(first, 'run_tracker', {
      tracker_id: trackerId,
      context: { emulator: { score: 8, delay_ms: 1500 } },
    });
    await first.close();
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: null });
    expect(created).not.toHaveProperty('result');
    const taskId = created.taskId as string;
    expect(created.structuredContent).toMatchObject({ done: false, tracker_id: trackerId });

    const second = await connect(replicas[1]!.url, true);
    try {
      const { task, seen } = await pollToEnd(second, taskId);
      expect(seen[0]).toBe('working');
      expect(task.status).toBe('completed');
      expect(task.result).toMatchObject({
        structuredContent: { done: true, status: 'completed', score: 8, signal: 'Excellent' },
      });
      expect(task.result).not.toHaveProperty('isError');
    } finally {
      await second.close();
    }
  });

  it("a failed run completes the task with the run's error as an isError result", async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[1]!.url, true);
    try {
      const created = await callRaw(client, 'run_tracker', {
        tracker_id: trackerId,
        context: { emulator: { fail: 'Source unreachable', delay_ms: 200 } },
      });
      const { task } = await pollToEnd(client, created.taskId as string);
      expect(task.status).toBe('completed');
      expect(task.result).toMatchObject({ isError: true, structuredContent: { status: 'failed' } });
    } finally {
      await client.close();
    }
  });

  it('cancel is acknowledged and stops nothing: the service cannot stop a run, and the task still ends', async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[0]!.url, true);
    try {
      const created = await callRaw(client, 'run_tracker', {
        tracker_id: trackerId,
        context: { emulator: { score: 3, delay_ms: 800 } },
      });
      const taskId = created.taskId as string;
      const ack = await client.request({ method: 'tasks/cancel', params: { taskId } }, z.looseObject({}));
      expect(Object.keys(ack).filter((key) => key !== '_meta')).toEqual([]);
      const working = await getTask(client, taskId);
      expect(working.statusMessage).toMatch(/does not stop it/);
      const { task } = await pollToEnd(client, taskId);
      expect(task.status).toBe('completed');
      expect(task.result).toMatchObject({ structuredContent: { done: true, score: 3 } });
    } finally {
      await client.close();
    }
  });

  it('a task id this server did not sign is an unknown task (-32602)', async () => {
    const client = await connect(replicas[1]!.url, true);
    try {
      await expect(getTask(client, 't1.eyJ4IjoxfQ.forged')).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it('a client without the extension keeps run_tracker as it was, and tasks/get is -32021', async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[0]!.url, false);
    try {
      const result = await client.callTool({
        name: 'run_tracker',
        arguments: { tracker_id: trackerId, context: { emulator: { score: 8, delay_ms: 100 } } },
      });
      expect(result.structuredContent).toMatchObject({ done: true, signal: 'Excellent' });
      await expect(getTask(client, 't1.x.y')).rejects.toMatchObject({ code: -32021 });
    } finally {
      await client.close();
    }
  });
});
