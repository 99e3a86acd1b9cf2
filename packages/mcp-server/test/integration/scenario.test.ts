// The assistant's scenario end to end, with the real emulator and real SDK clients of both eras
// (the v1 SDK's 2025-11-25 client and the v2 client pinned to 2026-07-28), over each transport:
// in memory, the bin over stdio, Streamable HTTP, and two HTTP server processes behind a
// round-robin client (no state shared between them). Create a tracker with a
// webhook alert at score <= 3, upload 2,500 rows from a file in one call, run and read the signal,
// list the last 5 signals, delete everything.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../src/index.ts';
import {
  call,
  connectInMemory,
  fastClient,
  startTestEmulator,
  structured,
  textOf,
  trackerArgs,
} from './harness.ts';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
let emulator: RunningEmulator;
let dir: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-scenario-'));
  const header = 'sku,late_days\n';
  await writeFile(
    join(dir, 'deliveries.csv'),
    header + Array.from({ length: 2500 }, (_, i) => `A-${i},${i % 9}`).join('\n'),
  );
});
afterAll(async () => {
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Connected = { client: Client; close: () => Promise<void>; era: string };

const MODERN = '2026-07-28';
const modernClient = (name: string) =>
  new ModernClient({ name, version: '0' }, { versionNegotiation: { mode: { pin: MODERN } } });

const binEnv = () => ({
  PATH: process.env.PATH ?? '',
  TRACKER_API_URL: emulator.baseUrl,
  TRACKER_API_TOKEN: emulator.token,
});

/** The bin with --http on a free port; resolves with its URL once it listens. */
async function startHttpBin(token: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=trackerkit-source', 'src/bin.ts', '--http', '--port', '0', '--files-root', dir],
    {
      cwd: packageDir,
      env: { ...binEnv(), TRACKERKIT_MCP_AUTH_TOKEN: token },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  for await (const line of createInterface({ input: child.stderr! })) {
    const url = /listening on (\S+)/.exec(line)?.[1];
    if (url) return { url, child };
  }
  throw new Error('the HTTP bin ended before listening');
}

/** fetch that sends each request to the next of `urls` in turn. */
function roundRobin(urls: string[], seen: string[]): typeof fetch {
  let next = 0;
  return (_input, init) => {
    const url = urls[next++ % urls.length] as string;
    seen.push(url);
    return fetch(url, init as RequestInit);
  };
}

async function twoReplicas(era: 'legacy' | 'modern'): Promise<Connected> {
  const token = 'replica-token';
  const replicas = await Promise.all([startHttpBin(token), startHttpBin(token)]);
  const seen: string[] = [];
  const options = {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: roundRobin(
      replicas.map((r) => r.url),
      seen,
    ),
  };
  const url = new URL(replicas[0]?.url ?? '');
  const client =
    era === 'modern' ? modernClient('round-robin') : new Client({ name: 'round-robin', version: '0' });
  await client.connect(
    era === 'modern' ? new ModernHttp(url, options) : new StreamableHTTPClientTransport(url, options),
  );
  return {
    client: client as Client,
    era: era === 'modern' ? MODERN : '2025-11-25',
    close: async () => {
      await client.close();
      // Both replicas answered requests of the scenario.
      expect(new Set(seen).size).toBe(2);
      for (const { child } of replicas) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

const transports: [string, () => Promise<Connected>][] = [
  [
    'in memory, 2025-11-25 client',
    async () => ({ ...(await connectInMemory(emulator, { filesRoots: [dir] })), era: '2025-11-25' }),
  ],
  [
    'stdio (the bin), 2025-11-25 client',
    async () => {
      const client = new Client({ name: 'scenario-stdio', version: '0' });
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=trackerkit-source', 'src/bin.ts', '--files-root', dir],
        cwd: packageDir,
        env: {
          PATH: process.env.PATH ?? '',
          TRACKER_API_URL: emulator.baseUrl,
          TRACKER_API_TOKEN: emulator.token,
        },
        stderr: 'pipe',
      });
      await client.connect(transport);
      return { client, close: () => client.close(), era: '2025-11-25' };
    },
  ],
  [
    'stdio (the bin), 2026-07-28 client',
    async () => {
      const client = modernClient('scenario-stdio-modern');
      await client.connect(
        new ModernStdio({
          command: process.execPath,
          args: ['--conditions=trackerkit-source', 'src/bin.ts', '--files-root', dir],
          cwd: packageDir,
          env: binEnv(),
          stderr: 'pipe',
        }),
      );
      return { client: client as unknown as Client, close: () => client.close(), era: MODERN };
    },
  ],
  [
    'Streamable HTTP, 2026-07-28 client',
    async () => {
      const server = await startHttpServer({ client: fastClient(emulator), port: 0, filesRoots: [dir] });
      const client = modernClient('scenario-http-modern');
      const requestInit = { headers: { authorization: `Bearer ${server.authToken}` } };
      await client.connect(new ModernHttp(new URL(server.url), { requestInit }));
      return {
        client: client as unknown as Client,
        era: MODERN,
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    },
  ],
  ['two HTTP processes round-robin, 2025-11-25 client', () => twoReplicas('legacy')],
  ['two HTTP processes round-robin, 2026-07-28 client', () => twoReplicas('modern')],
  [
    'Streamable HTTP, 2025-11-25 client',
    async () => {
      const server = await startHttpServer({ client: fastClient(emulator), port: 0, filesRoots: [dir] });
      const client = new Client({ name: 'scenario-http', version: '0' });
      const requestInit = { headers: { authorization: `Bearer ${server.authToken}` } };
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit }));
      return {
        client,
        era: '2025-11-25',
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    },
  ],
];

describe('assistant scenario', () => {
  it.each(transports)(
    'over %s',
    async (_name, connect) => {
      const { client, close } = await connect();
      try {
        const spaces = structured<{ items: { space_id: string }[] }>(await call(client, 'list_spaces'));
        expect(spaces.items.map((s) => s.space_id)).toContain(emulator.spaceId);

        const tracker = structured<{ tracker_id: string; notification_config: Record<string, unknown> }>(
          await call(client, 'create_tracker', {
            ...trackerArgs(emulator.spaceId),
            notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
          }),
        );
        expect(tracker.notification_config).toMatchObject({ webhook_enabled: true, lower_threshold: 3 });

        // 2,500 rows in one small call: the model writes a path, not ~90k tokens of rows.
        const upload = structured<{ batches: number; rows_processed: number }>(
          await call(client, 'upload_vault_data', {
            tracker_id: tracker.tracker_id,
            source_name: 'deliveries',
            path: 'deliveries.csv',
          }),
        );
        expect(upload).toMatchObject({ batches: 3, rows_processed: 2500 });
        const sources = structured<{ items: { name: string; data_count: number }[] }>(
          await call(client, 'list_vault_sources', { tracker_id: tracker.tracker_id }),
        );
        expect(sources.items).toEqual([expect.objectContaining({ name: 'deliveries', data_count: 2500 })]);

        const negative = structured<{ done: boolean; score: number; signal: string; run_id: string }>(
          await call(client, 'run_tracker', {
            tracker_id: tracker.tracker_id,
            context: { emulator: { score: 2 } },
          }),
        );
        expect(negative).toMatchObject({ done: true, score: 2, signal: 'Negative' });
        for (const score of [9, 5]) {
          await call(client, 'run_tracker', {
            tracker_id: tracker.tracker_id,
            context: { emulator: { score } },
          });
        }

        const last5 = structured<{ items: Record<string, unknown>[]; total_items: number }>(
          await call(client, 'list_runs', {
            tracker_id: tracker.tracker_id,
            page_size: 5,
            fields: ['analysis'],
          }),
        );
        expect(last5.total_items).toBe(3);
        expect(last5.items.map((run) => run.score)).toEqual([5, 9, 2]);
        expect(last5.items[2]).toMatchObject({
          run_id: negative.run_id,
          signal: 'Negative',
          analysis: expect.any(String),
        });

        const deleted = await call(client, 'delete_tracker', { tracker_id: tracker.tracker_id });
        expect(structured(deleted)).toMatchObject({ deleted: true });
        const gone = await call(client, 'get_tracker', { tracker_id: tracker.tracker_id });
        expect(gone.isError).toBe(true);
        expect(textOf(gone)).toMatch(/404.*list_trackers/s);
        expect(emulator.contractViolations()).toEqual([]);
      } finally {
        await close();
      }
    },
    60_000,
  );
});
