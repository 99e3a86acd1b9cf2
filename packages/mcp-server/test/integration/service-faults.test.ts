// What the model is told when the service misbehaves: a service that never answers (the call
// ends by the server's deadline, before the client's 60 s), an upload cut off part-way (which
// rows are stored), and a PATCH that replaces nested objects (update_tracker keeps every alert).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTrackerClient } from '@trackerkit/client';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { serviceFetch } from '../../src/service/service-fetch.ts';
import { call, connectInMemory, fastClient, structured, textOf, trackerArgs } from './harness.ts';

const servers: Server[] = [];
const emulators: RunningEmulator[] = [];

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await Promise.all(emulators.map((emulator) => emulator.close()));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function emulatorWith(options: { patchObjects?: 'merge' | 'replace' } = {}) {
  const emulator = await startEmulator({ port: 0, validateResponses: true, log: () => {}, ...options });
  emulators.push(emulator);
  return emulator;
}

/**
 * A loopback proxy to the emulator that forwards everything except upload requests after the
 * first `passUploads`: those are read and never answered, as a service that hangs mid-upload.
 */
async function hangAfterUploads(emulator: RunningEmulator, passUploads: number) {
  let uploads = 0;
  const origin = new URL(emulator.baseUrl).origin;
  const base = await listen(
    createServer((req, res) => {
      if (req.method === 'POST' && /\/vault\/sources$/.test(req.url ?? '') && ++uploads > passUploads) {
        req.resume();
        return;
      }
      const upstream = request(new URL(req.url ?? '/', origin), { method: req.method, headers: req.headers });
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    }),
  );
  return `${base}${new URL(emulator.baseUrl).pathname}`;
}

describe('a service that does not answer', () => {
  let hanging: string;
  beforeAll(async () => {
    // Accepts connections and requests, never answers.
    hanging = await listen(createServer((req) => void req.resume()));
  });

  it.each([
    ['list_spaces', {}],
    ['get_tracker', { tracker_id: 'trk_1' }],
    ['create_tracker', trackerArgs('spc_1')],
  ])('%s ends by the server deadline with a message the model can act on', async (tool, args) => {
    const { createTrackerMcpServer } = await import('../../src/index.ts');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const server = createTrackerMcpServer({
      client: createTrackerClient({ baseUrl: `${hanging}/v1`, token: 'qapi_x', fetch: serviceFetch }),
      callTimeoutMs: 300,
    });
    const client = new Client({ name: 't', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    try {
      const result = await call(client, tool, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        new RegExp(`^${tool}: the Tracker service did not answer within 0.3 s \\(this server's deadline`),
      );
      expect(textOf(result)).toMatch(/check with the matching list_\* or get_\* tool/);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('a call that ends before the service answers', () => {
  it.each([
    ['the client cancels it', { cancels: true, callTimeoutMs: 30_000 }],
    ["the server's deadline passes", { cancels: false, callTimeoutMs: 300 }],
  ])('%s: its request to the service is let go at once', async (_name, { cancels, callTimeoutMs }) => {
    // A service that never answers, and says when a request's connection is let go.
    const closed: Promise<void>[] = [];
    const base = await listen(
      createServer((req) => {
        req.resume();
        closed.push(new Promise((resolve) => req.socket.once('close', () => resolve())));
      }),
    );
    const { createTrackerMcpServer } = await import('../../src/index.ts');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const server = createTrackerMcpServer({
      client: createTrackerClient({ baseUrl: `${base}/v1`, token: 'qapi_x', fetch: serviceFetch }),
      callTimeoutMs,
    });
    const client = new Client({ name: 't', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    try {
      const cancel = new AbortController();
      const pending = client
        .callTool({ name: 'get_tracker', arguments: { tracker_id: 'trk_1' } }, undefined, {
          signal: cancel.signal,
        })
        .catch((error: unknown) => error);
      await waitUntil(() => closed.length > 0, { what: "the call's request at the service" });
      const started = performance.now();
      if (cancels) cancel.abort(new Error('the user moved on'));
      const ended = await pending;
      const said = ended instanceof Error ? String(ended) : JSON.stringify(ended);
      expect(said).toMatch(cancels ? /the user moved on/ : /this server's deadline/);
      // Before the fix the connection stayed open until the client's own 60 s timeout.
      await closed[0];
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('a resource read on a service that is down', () => {
  it('is -32603 (internal), not the -32602 + { uri } of a missing resource', async () => {
    const { createTrackerMcpServer } = await import('../../src/index.ts');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const server = createTrackerMcpServer({
      client: createTrackerClient({
        baseUrl: 'http://127.0.0.1:1/v1',
        token: 'qapi_x',
        retries: 0,
        fetch: serviceFetch,
      }),
    });
    const client = new Client({ name: 't', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    try {
      const failed = await client.readResource({ uri: 'tracker://trk_1' }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ code: -32603 });
      expect(String(failed)).toMatch(/unreachable/);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe('an upload cut off part-way', () => {
  it('says exactly which rows are stored and how to finish, and they are', async () => {
    const emulator = await emulatorWith();
    const direct = await connectInMemory(emulator);
    const trackerId = structured<{ tracker_id: string }>(
      await call(direct.client, 'create_tracker', trackerArgs(emulator.spaceId)),
    ).tracker_id;
    const baseUrl = await hangAfterUploads(emulator, 2);
    const { createTrackerMcpServer } = await import('../../src/index.ts');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const server = createTrackerMcpServer({
      client: createTrackerClient({ baseUrl, token: emulator.token, fetch: serviceFetch }),
      callTimeoutMs: 1500,
    });
    const client = new Client({ name: 't', version: '0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    try {
      const rows = Array.from({ length: 3100 }, (_, i) => ({ i }));
      const result = await call(client, 'upload_vault_data', {
        tracker_id: trackerId,
        source_name: 'cut off',
        rows,
      });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toMatch(
        /rows\[0\.\.1999\] \(2000 rows, confirmed by the service\) are stored in source (\S+); rows from index 2000 on are not confirmed/,
      );
      expect(text).toMatch(/call again with only the rows from index 2000 on/);
      const sourceId = /in source (\S+);/.exec(text)?.[1] ?? '';
      const stored = structured<{ data_count: number }>(
        await call(direct.client, 'get_vault_source', { tracker_id: trackerId, source_id: sourceId }),
      );
      expect(stored.data_count).toBe(2000);
      // The service saw exactly the two confirmed uploads into that source; the third never reached it.
      const uploads = emulator.requests.verify(
        { operation_id: 'uploadVaultData', tracker_id: trackerId },
        { count: 2 },
      );
      expect(
        uploads.map((u) => [u.status, (u.body?.json as { data?: unknown[] } | undefined)?.data?.length]),
      ).toEqual([
        [201, 1000],
        [201, 1000],
      ]);
    } finally {
      await client.close();
      await server.close();
      await direct.close();
    }
  });
});

describe('update_tracker keeps what it was not asked to change', () => {
  it.each(['merge', 'replace'] as const)(
    'with a PATCH that %ss nested objects: adding an upper bound keeps the webhook and the lower bound; changing skills alone works',
    async (patchObjects) => {
      const emulator = await emulatorWith({ patchObjects });
      const mcp = await connectInMemory(emulator);
      try {
        const created = structured<{ tracker_id: string }>(
          await call(mcp.client, 'create_tracker', {
            ...trackerArgs(emulator.spaceId),
            notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
          }),
        );
        const updated = await call(mcp.client, 'update_tracker', {
          tracker_id: created.tracker_id,
          notification_config: { notify_above: true, upper_threshold: 8 },
        });
        expect(updated.isError, textOf(updated)).toBeUndefined();
        const skills = await call(mcp.client, 'update_tracker', {
          tracker_id: created.tracker_id,
          skills: ['stock_research'],
        });
        expect(skills.isError, textOf(skills)).toBeUndefined();
        const api = fastClient(emulator);
        const stored = await api.trackers.get(created.tracker_id);
        expect(stored.notification_config).toMatchObject({
          webhook_enabled: true,
          notify_below: true,
          lower_threshold: 3,
          notify_above: true,
          upper_threshold: 8,
        });
        expect(stored.agent_config).toMatchObject({
          skills: ['stock_research'],
          instruction: trackerArgs('').instruction,
          score_meaning: trackerArgs('').score_meaning,
        });
      } finally {
        await mcp.close();
      }
    },
  );
});
