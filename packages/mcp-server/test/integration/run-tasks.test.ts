// Runs as tasks (Tasks extension, 2026-07-28) with the SDK v2 client against the emulator (manual
// clock): a run started as a task on one server process is followed from another (each a
// `trackerkit-mcp --http` process; the handle's key is derived from the API token both are given),
// after the first client went away; cancel is acknowledged and stops nothing; clients that do not
// declare the extension keep today's run_tracker and get -32021 from tasks/get.
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TASKS_EXTENSION } from '../../src/tasks/task-protocol.ts';
import {
  callRaw,
  connect,
  getTask,
  pollToEnd,
  type Replica,
  startReplica,
  stopReplicas,
} from './task-replicas.ts';

const AUTH = 'run-tasks-token';

let emulator: RunningEmulator;
const replicas: Replica[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock: 'manual', log: () => {} });
  replicas.push(await startReplica(emulator, AUTH), await startReplica(emulator, AUTH));
});
afterAll(async () => {
  await stopReplicas(replicas);
  await emulator?.close();
});

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

describe('run_tracker as a task (2026-07-28)', () => {
  it('server/discover advertises the extension', async () => {
    const client = await connect(replicas[0]!, true);
    try {
      const capabilities = client.getServerCapabilities() as { extensions?: Record<string, unknown> };
      expect(capabilities.extensions).toHaveProperty([TASKS_EXTENSION]);
    } finally {
      await client.close();
    }
  });

  it('starts on one replica, is followed from another after a disconnect, and ends with the result', async () => {
    const trackerId = await createTracker();
    const first = await connect(replicas[0]!, true);
    const created = await callRaw(replicas[0]!, 'run_tracker', {
      tracker_id: trackerId,
      context: { emulator: { score: 8, delay_ms: 1500 } },
    });
    await first.close();
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: null });
    expect(created).not.toHaveProperty('result');
    const taskId = created.taskId as string;
    expect(created.structuredContent).toMatchObject({ done: false, tracker_id: trackerId });

    const second = await connect(replicas[1]!, true);
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
    const client = await connect(replicas[1]!, true);
    try {
      const created = await callRaw(replicas[0]!, 'run_tracker', {
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
    const client = await connect(replicas[0]!, true);
    try {
      const created = await callRaw(replicas[0]!, 'run_tracker', {
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
    const client = await connect(replicas[1]!, true);
    try {
      await expect(getTask(client, 't1.eyJ4IjoxfQ.forged')).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it('a client without the extension keeps run_tracker as it was, and tasks/get is -32021', async () => {
    const trackerId = await createTracker();
    const client = await connect(replicas[0]!, false);
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
