// The trackerkit-mcp command as a process of its own, over each transport, with the MCP SDK's own
// client: stdio (the client starts the process) and Streamable HTTP (--http on port 0). A test can
// tell whether the process still runs and read its memory from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestEmulator, trackerArgs } from './harness.ts';
import { type HostileFixtures, startHostileFixtures } from './hostile-fixtures.ts';

const BIN = fileURLToPath(new URL('../../src/bin.ts', import.meta.url));

export type TransportName = 'stdio' | 'http';

export interface ServerProcess {
  transport: TransportName;
  client: Client;
  pid: number;
  /** The exit code or signal once the process has ended; undefined while it runs. */
  ended(): string | undefined;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** One more client of the same process (HTTP only: a stdio process has one client). */
  connectAnother(): Promise<Client>;
  close(): Promise<void>;
}

const env = (emulator: RunningEmulator) => ({
  PATH: process.env.PATH ?? '',
  TRACKER_API_URL: emulator.baseUrl,
  TRACKER_API_TOKEN: emulator.token,
});

function watch(child: ChildProcess) {
  let stderr = '';
  let ended: string | undefined;
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  child.once('exit', (code, signal) => {
    ended = `exit ${code ?? signal}`;
  });
  return { stderr: () => stderr, ended: () => ended };
}

async function startStdio(emulator: RunningEmulator, args: string[]): Promise<ServerProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=trackerkit-source', BIN, ...args],
    env: env(emulator),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'hostile-stdio', version: '0' });
  await client.connect(transport);
  const pid = transport.pid as number;
  const ended = () => {
    try {
      process.kill(pid, 0);
      return undefined;
    } catch {
      return 'gone';
    }
  };
  return {
    transport: 'stdio',
    client,
    pid,
    ended,
    stderr: () => stderr,
    connectAnother: () => Promise.reject(new Error('a stdio process has one client')),
    close: () => client.close(),
  };
}

async function startHttp(emulator: RunningEmulator, args: string[]): Promise<ServerProcess> {
  const auth = 'hostile-test-token';
  const child = spawn(
    process.execPath,
    ['--conditions=trackerkit-source', BIN, '--http', '--port', '0', '--auth-token', auth, ...args],
    { env: env(emulator), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const watched = watch(child);
  const ready = once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), 'line');
  const exited = once(child, 'exit').then(() => {
    throw new Error(`trackerkit-mcp --http ended before its ready line:\n${watched.stderr()}`);
  });
  const [line] = await Promise.race([ready, exited]);
  const { url } = JSON.parse(String(line)) as { url: string };
  const connectAnother = async () => {
    const another = new Client({ name: 'hostile-http', version: '0' });
    await another.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${auth}` } },
      }),
    );
    return another;
  };
  const client = await connectAnother();
  return {
    transport: 'http',
    client,
    pid: child.pid as number,
    ...watched,
    connectAnother,
    async close() {
      await client.close();
      if (watched.ended() === undefined) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

export const TRANSPORTS = [
  ['stdio', startStdio],
  ['http', startHttp],
] as const;

/** The emulator and the hostile fixtures of a test file: started before its tests, closed after them. */
export interface HostileWorld {
  emulator: RunningEmulator;
  fixtures: HostileFixtures;
}

/** Registers the file's hooks that start and close its {@link HostileWorld}; read it inside tests. */
export function hostileWorld(): HostileWorld {
  const world = {} as HostileWorld;
  beforeAll(async () => {
    [world.emulator, world.fixtures] = await Promise.all([startTestEmulator(), startHostileFixtures()]);
  });
  afterAll(async () => {
    await world.fixtures?.close();
    await world.emulator?.close();
  });
  return world;
}

/**
 * trackerkit-mcp over one transport, reaching the hostile files (their root, and /dev) and the
 * hostile server on loopback, with a tracker named `name` to upload into.
 */
export async function startOnHostileFixtures(
  start: (typeof TRANSPORTS)[number][1],
  { emulator, fixtures }: HostileWorld,
  name: string,
): Promise<{ server: ServerProcess; trackerId: string }> {
  const server = await start(emulator, [
    '--files-root',
    fixtures.root,
    '--files-root',
    '/dev',
    '--allow-private-urls',
  ]);
  const created = await server.client.callTool({
    name: 'create_tracker',
    arguments: trackerArgs(emulator.spaceId, name),
  });
  return { server, trackerId: (created.structuredContent as { tracker_id: string }).tracker_id };
}

/** The process still runs and a good call succeeds. */
export async function expectAlive(server: ServerProcess): Promise<void> {
  expect(server.ended(), server.stderr().slice(-3000)).toBeUndefined();
  const listed = await server.client.callTool({ name: 'list_spaces', arguments: {} });
  expect(listed.isError, textOf(listed)).toBeFalsy();
}

/** Resident memory of a process now and at its peak, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The text parts of a tool result of the SDK v2 client, one after another. */
export function textOf(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');
}
