// The task protocol on the wire (src/tasks/task-protocol.ts), raw 2026-07-28 JSON-RPC over HTTP:
// the gates, tasks/update on run_tracker's task (the production backing), handles of one kind
// refused by a server that serves another, and a tool that runs only as a task. Two servers share
// one task key: the production one and one with the conformance fixtures (test/conformance).
import { randomBytes } from 'node:crypto';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { signTaskHandle } from '../../src/tasks/task-handle.ts';
import { TASKS_EXTENSION } from '../../src/tasks/task-protocol.ts';
import { conformanceFixtures } from '../conformance/fixture-tools.ts';
import { fastClient, modernRequest, startTestEmulator } from './harness.ts';

const KEY = randomBytes(32);

let emulator: RunningEmulator;
let production: RunningHttpServer;
let withFixtures: RunningHttpServer;

beforeAll(async () => {
  emulator = await startTestEmulator();
  const options = { client: fastClient(emulator), port: 0, taskKey: KEY };
  production = await startHttpServer(options);
  withFixtures = await startHttpServer({ ...options, extraTools: conformanceFixtures });
});
afterAll(async () => {
  await production?.close();
  await withFixtures?.close();
  await emulator?.close();
});

type Answer = { result?: Record<string, unknown>; error?: { code: number; data?: unknown } };

/** One stateless 2026-07-28 request; `tasks` declares the extension in its capabilities. */
async function rpc(
  server: RunningHttpServer,
  method: string,
  params: Record<string, unknown>,
  tasks: boolean,
): Promise<Answer> {
  const target = { url: server.url, auth: server.authToken as string };
  const { answer, text } = await modernRequest(target, method, params, tasks);
  expect(answer, text.slice(0, 500)).toBeDefined();
  return answer as Answer;
}

async function startRunTask(): Promise<string> {
  const tracker = await fastClient(emulator).trackers.create(emulator.spaceId, {
    name: 'Task protocol probe',
    description: 'A tracker run as a task.',
    run_mode: 'manual',
    agent_config: { instruction: 'Weigh the vault data.', score_meaning: '10 = good', skills: [] },
  });
  const created = await rpc(
    production,
    'tools/call',
    {
      name: 'run_tracker',
      arguments: { tracker_id: tracker.tracker_id, context: { emulator: { score: 6, delay_ms: 300 } } },
    },
    true,
  );
  expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
  return created.result?.taskId as string;
}

describe('task protocol (2026-07-28)', () => {
  it("tasks/update on run_tracker's task is acknowledged and the run goes on to its result", async () => {
    const taskId = await startRunTask();
    // The SDK lifts inputResponses off the params into the request context: the update must
    // still be served (it was refused with -32602 while the handler's params asked for them).
    const update = await rpc(production, 'tasks/update', { taskId, inputResponses: { any: {} } }, true);
    expect(update.error).toBeUndefined();
    expect(update.result).toMatchObject({ resultType: 'complete' });
    for (const key of ['taskId', 'status', 'result', 'error', 'inputRequests'])
      expect(update.result).not.toHaveProperty(key);
    const task = await waitUntil(
      async () => {
        const now = (await rpc(production, 'tasks/get', { taskId }, true)).result;
        return now?.status === 'completed' ? now : undefined;
      },
      { interval: 100, what: 'the task completed' },
    );
    expect(task).toMatchObject({ status: 'completed', result: { structuredContent: { score: 6 } } });
  });

  it.each([
    ['tasks/get', {}],
    ['tasks/cancel', {}],
    ['tasks/update', { inputResponses: {} }],
  ])('%s without the extension is -32021 naming it, before the id is looked at', async (method, extra) => {
    const taskId = await startRunTask();
    for (const id of [taskId, 'not-a-task']) {
      const answer = await rpc(production, method, { taskId: id, ...extra }, false);
      expect(answer.error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      });
    }
  });

  it.each([
    ['a run handle whose fields are not a run', { kind: 'run', fields: { id: 'job' } }],
    ['a kind this server does not serve', { kind: 'conformance-fixture', fields: { id: 'job' } }],
    ['a kind no server serves', { kind: 'elsewhere', fields: {} }],
  ])('a handle sealed with the key is still an unknown task (-32602) for %s', async (_name, handle) => {
    const taskId = signTaskHandle(KEY, { ...handle, createdAt: Date.now() });
    for (const method of ['tasks/get', 'tasks/cancel']) {
      expect((await rpc(production, method, { taskId }, true)).error).toMatchObject({ code: -32602 });
    }
  });

  it("a fixture task's id opens on the server that serves its kind, and not on the production one", async () => {
    const created = await rpc(
      withFixtures,
      'tools/call',
      { name: 'slow_compute', arguments: { seconds: 0 } },
      true,
    );
    const taskId = created.result?.taskId as string;
    expect((await rpc(withFixtures, 'tasks/get', { taskId }, true)).result).toMatchObject({ taskId });
    expect((await rpc(production, 'tasks/get', { taskId }, true)).error).toMatchObject({ code: -32602 });
  });

  it('a tool that runs only as a task refuses a client without the extension with -32021, and starts for one with it', async () => {
    const refused = await rpc(withFixtures, 'tools/call', { name: 'failing_job', arguments: {} }, false);
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    });
    const started = await rpc(withFixtures, 'tools/call', { name: 'failing_job', arguments: {} }, true);
    expect(started.result).toMatchObject({ resultType: 'task', status: 'working' });
  });
});
