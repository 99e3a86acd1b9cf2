// Streamable HTTP: the SDK client end to end (in process), the DNS-rebinding and bearer-token
// guards, idle-session expiry, the official conformance suite and the Inspector CLI.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { fastClient, startTestEmulator, trackerArgs } from './harness.ts';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => `${packageDir}node_modules/.bin/${name}`;

let emulator: RunningEmulator;
let http: RunningHttpServer;

beforeAll(async () => {
  emulator = await startTestEmulator();
  http = await startHttpServer({ client: fastClient(emulator), port: 0, progressIntervalMs: 100 });
});
afterAll(async () => {
  await http?.close();
  await emulator?.close();
});

async function createTracker() {
  const { createTrackerClient } = await import('@trackerkit/client');
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'HTTP probe',
    description: 'Created for the HTTP test.',
    run_mode: 'manual',
    agent_config: { instruction: trackerArgs('').instruction, score_meaning: '10 = good', skills: [] },
  });
  return tracker.tracker_id;
}

/** The SDK's Streamable HTTP client, in this process. */
async function connectHttp(url: string, authorization?: string) {
  const client = new Client({ name: 'http-test', version: '0' });
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

/** Lists the tools and runs a tracker with wait over HTTP, collecting the progress values. */
async function probe(url: string, authorization?: string) {
  const trackerId = await createTracker();
  const { client } = await connectHttp(url, authorization);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const progress: number[] = [];
    const result = (await client.callTool(
      {
        name: 'run_tracker',
        arguments: { tracker_id: trackerId, context: { emulator: { score: 8, delay_ms: 500 } } },
      },
      undefined,
      { onprogress: (p) => void progress.push(p.progress) },
    )) as CallToolResult;
    return { tools, result, progress };
  } finally {
    await client.close();
  }
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  },
};

/** A raw POST with chosen headers, as a browser page or a rebinding attacker would send. */
function rawPost(url: string, headers: Record<string, string>, body: unknown = INITIALIZE): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('Streamable HTTP', () => {
  it('binds to 127.0.0.1 by default and serves the SDK client, with progress', async () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const seen = await probe(http.url);
    expect(seen.tools).toHaveLength(19);
    expect(seen.result.structuredContent).toMatchObject({ done: true, signal: 'Excellent' });
    expect(seen.progress.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['a rebound Host', { host: 'evil.example.com' }, 403],
    ['a foreign Origin', { origin: 'http://evil.example.com' }, 403],
    ['an unknown session', { 'mcp-session-id': 'nope' }, 404],
    ['a localhost Origin', { origin: 'http://localhost:5173' }, 200],
  ])('answers %s with %i', async (_name, headers, status) => {
    expect(await rawPost(http.url, headers)).toBe(status);
  });

  it('refuses to bind beyond loopback without a token', async () => {
    await expect(startHttpServer({ client: fastClient(emulator), host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /needs an auth token/,
    );
  });

  it('requires the bearer token when one is set', async () => {
    const guarded = await startHttpServer({
      client: fastClient(emulator),
      host: '0.0.0.0',
      port: 0,
      authToken: 's3cret',
    });
    try {
      expect(await rawPost(guarded.url, {})).toBe(401);
      expect(await rawPost(guarded.url, { authorization: 'Bearer wrong' })).toBe(401);
      const seen = await probe(guarded.url, 'Bearer s3cret');
      expect(seen.tools).toHaveLength(19);
    } finally {
      await guarded.close();
    }
  });

  it('closes a session left idle without DELETE, but not one with a tool call in progress', async () => {
    const short = await startHttpServer({
      client: fastClient(emulator),
      port: 0,
      progressIntervalMs: 100,
      sessionIdleMs: 300,
    });
    try {
      const trackerId = await createTracker();
      const { client, transport } = await connectHttp(short.url);
      expect(short.sessionCount).toBe(1);
      // The run takes longer than the idle timeout; the call in flight keeps its session.
      const slow = (await client.callTool(
        {
          name: 'run_tracker',
          arguments: { tracker_id: trackerId, context: { emulator: { score: 8, delay_ms: 900 } } },
        },
        undefined,
        { onprogress: () => {}, timeout: 10_000 },
      )) as CallToolResult;
      expect(slow.structuredContent).toMatchObject({ done: true });
      const sessionId = transport.sessionId ?? '';
      // The client stays connected (its GET stream open) but sends nothing: the session expires.
      await vi.waitFor(() => expect(short.sessionCount).toBe(0), { timeout: 5000, interval: 50 });
      const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
      expect(await rawPost(short.url, { 'mcp-session-id': sessionId }, listTools)).toBe(404);
      await expect(client.listTools()).rejects.toThrow();
      await client.close();
    } finally {
      await short.close();
    }
  });

  it('closes every session when the server closes', async () => {
    const server = await startHttpServer({ client: fastClient(emulator), port: 0 });
    const first = await connectHttp(server.url);
    const second = await connectHttp(server.url);
    expect(server.sessionCount).toBe(2);
    await server.close();
    expect(server.sessionCount).toBe(0);
    await Promise.all([first.client.close(), second.client.close()]);
  });

  it('passes the official conformance suite, apart from the listed fixture scenarios', async () => {
    const result = await run(
      bin('conformance'),
      ['server', '--url', http.url, '--expected-failures', 'conformance-expected-failures.yml'],
      { cwd: packageDir },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect(result.stdout).toMatch(/✓ server-initialize: 1 passed/);
    expect(result.stdout).toMatch(/✓ tools-list: 1 passed/);
    expect(result.stdout).toMatch(/✓ dns-rebinding-protection: 2 passed/);
    expect('code' in result ? result.code : 0, result.stdout.slice(-2000)).toBe(0);
  }, 120_000);

  it('the Inspector CLI lists the tools portably and calls one; an isError call exits 5', async () => {
    const listed = await run(bin('mcp-inspector'), ['--cli', http.url, '--method', 'tools/list', '--strict']);
    expect(JSON.parse(listed.stdout).tools).toHaveLength(19);
    const called = await run(bin('mcp-inspector'), [
      '--cli',
      http.url,
      '--method',
      'tools/call',
      '--tool-name',
      'get_space',
      '--tool-arg',
      `space_id=${emulator.spaceId}`,
    ]);
    expect(JSON.parse(called.stdout).structuredContent).toMatchObject({ space_id: emulator.spaceId });
    const failed = await run(bin('mcp-inspector'), [
      '--cli',
      http.url,
      '--method',
      'tools/call',
      '--tool-name',
      'get_tracker',
      '--tool-arg',
      'tracker_id=trk_nope',
    ]).catch((error: { code: number; stdout: string }) => error);
    expect('code' in failed && failed.code).toBe(5);
  }, 60_000);
});
