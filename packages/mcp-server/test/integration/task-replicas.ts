// Tasks (2026-07-28) against `trackerkit-mcp --http` processes sharing one emulator: each process
// a replica of its own (nothing in memory shared), the handle's key derived from the API token all
// of them are given. Used by the run and upload task tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunningEmulator } from '@trackerkit/emulator';
import { expect } from 'vitest';
import { z } from 'zod';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { TASKS_EXTENSION } from '../../src/tasks/task-protocol.ts';
import { modernRequest } from './harness.ts';

const BIN = fileURLToPath(new URL('../../src/bin.ts', import.meta.url));

export interface Replica {
  child: ChildProcess;
  url: string;
  auth: string;
}

/** A server process over HTTP on the emulator; `extra` are more command-line arguments. */
export async function startReplica(
  emulator: RunningEmulator,
  auth: string,
  extra: string[] = [],
): Promise<Replica> {
  const child = spawn(
    process.execPath,
    ['--conditions=trackerkit-source', BIN, '--http', '--port', '0', '--auth-token', auth, ...extra],
    {
      env: { PATH: process.env.PATH, TRACKER_API_URL: emulator.baseUrl, TRACKER_API_TOKEN: emulator.token },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const [line] = await once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), 'line');
  return { child, url: (JSON.parse(String(line)) as { url: string }).url, auth };
}

export async function stopReplicas(replicas: readonly Replica[]) {
  for (const { child } of replicas) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

export const taskSchema = z.looseObject({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  result: z.looseObject({}).optional(),
  error: z.looseObject({}).optional(),
});

/** A 2026-07-28 client; `tasks` declares the extension in every request's capabilities. */
export async function connect(replica: Replica, tasks: boolean) {
  const client = new Client(
    { name: 'task-test', version: '0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      ...(tasks ? { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } } : {}),
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(replica.url), {
      requestInit: { headers: { authorization: `Bearer ${replica.auth}` } },
    }),
  );
  return client;
}

export const getTask = (client: Client, taskId: string) =>
  client.request({ method: 'tasks/get', params: { taskId } }, taskSchema);

export async function pollToEnd(client: Client, taskId: string) {
  const seen: string[] = [];
  const task = await waitUntil(
    async () => {
      const now = await getTask(client, taskId);
      seen.push(now.status);
      return now.status === 'working' ? undefined : now;
    },
    { timeout: 30_000, interval: 100, what: `task ${taskId} done` },
  );
  return { task, seen };
}

/** tools/call from a client that takes tasks (modernRequest): the result, a task or the tool's. */
export async function callRaw(replica: Replica, name: string, args: Record<string, unknown>) {
  const { answer, text } = await modernRequest(replica, 'tools/call', { name, arguments: args }, true);
  expect(answer?.result, text.slice(0, 500)).toBeDefined();
  return answer.result as Record<string, unknown>;
}
