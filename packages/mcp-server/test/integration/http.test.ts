// Streamable HTTP: the SDK client end to end (in process), the DNS-rebinding and bearer-token
// guards, CORS, the caps, stateless serving, the official conformance suite and the Inspector CLI.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, type RunningHttpServer, startHttpServer } from '../../src/index.ts';
import { startConformanceServer, tokenProxy } from '../conformance/conformance-server.ts';
import { fastClient, startTestEmulator, trackerArgs } from './harness.ts';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => `${packageDir}node_modules/.bin/${name}`;

let emulator: RunningEmulator;
let http: RunningHttpServer;
/** The Authorization header of `http` (its generated token). */
let auth: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  http = await startHttpServer({ client: fastClient(emulator), port: 0, progressIntervalMs: 100 });
  auth = `Bearer ${http.authToken}`;
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

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request with chosen headers, as a browser page or a rebinding attacker would send. */
function rawRequest(
  url: string,
  headers: Record<string, string>,
  body: unknown = INITIALIZE,
  method = 'POST',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? JSON.stringify(body) : undefined);
  });
}

const rawPost = async (url: string, headers: Record<string, string>, body: unknown = INITIALIZE) =>
  (await rawRequest(url, headers, body)).status;

describe('Streamable HTTP', () => {
  it('binds to 127.0.0.1 by default and serves the SDK client, with progress', async () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const seen = await probe(http.url, auth);
    expect(seen.tools).toHaveLength(19);
    expect(seen.result.structuredContent).toMatchObject({ done: true, signal: 'Excellent' });
    expect(seen.progress.length).toBeGreaterThanOrEqual(2);
  });

  it('a 2026-07-28 client gets progress on the request stream and the signal, statelessly', async () => {
    const trackerId = await createTracker();
    const client = new ModernClient(
      { name: 'http-modern', version: '0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new ModernHttp(new URL(http.url), { requestInit: { headers: { authorization: auth } } }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const progress: number[] = [];
      const result = await client.callTool(
        {
          name: 'run_tracker',
          arguments: { tracker_id: trackerId, context: { emulator: { score: 8, delay_ms: 500 } } },
        },
        { onprogress: (p: { progress: number }) => void progress.push(p.progress) },
      );
      expect(result.structuredContent).toMatchObject({ done: true, signal: 'Excellent' });
      expect(progress.length).toBeGreaterThanOrEqual(2);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['a rebound Host', { host: 'evil.example.com' }, 403],
    ['a foreign Origin', { origin: 'http://evil.example.com' }, 403],
    ['a localhost Origin', { origin: 'http://localhost:5173' }, 200],
    ['no token, on loopback', { authorization: '' }, 401],
    ['a wrong token, on loopback', { authorization: 'Bearer nope' }, 401],
  ])('answers %s with %i', async (_name, headers, status) => {
    expect(await rawPost(http.url, { authorization: auth, ...headers })).toBe(status);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['every interface', '0.0.0.0'],
  ])('on %s without a configured token, generates one and requires it', async (_name, host) => {
    const server = await startHttpServer({ client: fastClient(emulator), host, port: 0 });
    try {
      expect(server.authTokenGenerated).toBe(true);
      expect(server.authToken).toMatch(/^[\w-]{40,}$/);
      expect(await rawPost(server.url, {})).toBe(401);
      expect(await rawPost(server.url, { authorization: `Bearer ${server.authToken}` })).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('the bin with --http and no token puts the generated one in its ready line, and requires it', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=trackerkit-source', 'src/bin.ts', '--http', '--port', '0'],
      {
        cwd: packageDir,
        env: {
          PATH: process.env.PATH ?? '',
          TRACKER_API_URL: emulator.baseUrl,
          TRACKER_API_TOKEN: emulator.token,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const [line] = await once(createInterface({ input: child.stdout }), 'line');
      const ready = JSON.parse(String(line)) as Record<string, string>;
      expect(Object.keys(ready)).toEqual(['event', 'name', 'url', 'auth_token']);
      expect(ready).toMatchObject({ event: 'ready', name: 'trackerkit-mcp' });
      expect(ready.auth_token).toMatch(/^[\w-]{40,}$/);
      expect(await rawPost(ready.url!, {})).toBe(401);
      expect(await rawPost(ready.url!, { authorization: `Bearer ${ready.auth_token}` })).toBe(200);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);

  it('CORS: an allowed origin gets a preflight answer without a token and readable responses', async () => {
    const server = await startHttpServer({
      client: fastClient(emulator),
      port: 0,
      authToken: 'cors-token',
      allowedOrigins: ['https://app.example'],
    });
    try {
      const origin = { origin: 'https://app.example' };
      const preflight = await rawRequest(
        server.url,
        {
          ...origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
        undefined,
        'OPTIONS',
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': 'https://app.example',
        'access-control-allow-methods': expect.stringContaining('POST'),
        'access-control-allow-headers': expect.stringMatching(/Authorization.*Mcp-Session-Id/),
      });
      const posted = await rawRequest(server.url, { ...origin, authorization: 'Bearer cors-token' });
      expect(posted.status).toBe(200);
      expect(posted.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(posted.headers['access-control-expose-headers']).toMatch(/Mcp-Session-Id/);
      const foreign = await rawRequest(server.url, { origin: 'https://evil.example' }, undefined, 'OPTIONS');
      expect(foreign.status).toBe(403);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('caps concurrent requests with 503 and Retry-After', async () => {
    const server = await startHttpServer({
      client: fastClient(emulator),
      port: 0,
      authToken: 'cap',
      maxConcurrentRequests: 1,
      progressIntervalMs: 100,
    });
    try {
      const trackerId = await createTracker();
      const { client } = await connectHttp(server.url, 'Bearer cap');
      // While a slow call is in flight (its first progress seen), any other request is refused.
      let inFlight!: () => void;
      const started = new Promise<void>((resolve) => {
        inFlight = resolve;
      });
      const slow = client.callTool(
        {
          name: 'run_tracker',
          arguments: { tracker_id: trackerId, context: { emulator: { score: 8, delay_ms: 800 } } },
        },
        undefined,
        { onprogress: () => inFlight(), timeout: 10_000 },
      );
      await started;
      const busy = await rawRequest(server.url, { authorization: 'Bearer cap' });
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.body).toMatch(/1 requests in progress/);
      expect(((await slow) as CallToolResult).structuredContent).toMatchObject({ done: true });
      await client.close();
    } finally {
      await server.close();
    }
  });

  it('refuses a body over the message limit with 413 naming the limit', async () => {
    const big = { ...INITIALIZE, params: { ...INITIALIZE.params, pad: 'x'.repeat(MAX_MESSAGE_BYTES) } };
    const answer = await rawRequest(http.url, { authorization: auth }, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(`at most ${MAX_MESSAGE_BYTES} bytes`);
  });

  it('requires the bearer token when one is set', async () => {
    const guarded = await startHttpServer({
      client: fastClient(emulator),
      host: '0.0.0.0',
      port: 0,
      authToken: 's3cret',
    });
    try {
      expect(guarded.authTokenGenerated).toBe(false);
      expect(await rawPost(guarded.url, {})).toBe(401);
      expect(await rawPost(guarded.url, { authorization: 'Bearer wrong' })).toBe(401);
      const seen = await probe(guarded.url, 'Bearer s3cret');
      expect(seen.tools).toHaveLength(19);
    } finally {
      await guarded.close();
    }
  });

  it('keeps no state between requests: no session id, GET and DELETE are 405, a 2025 client works without one', async () => {
    const init = await rawRequest(http.url, { authorization: auth });
    expect(init.status).toBe(200);
    expect(init.headers['mcp-session-id']).toBeUndefined();
    expect((await rawRequest(http.url, { authorization: auth }, undefined, 'GET')).status).toBe(405);
    expect((await rawRequest(http.url, { authorization: auth }, undefined, 'DELETE')).status).toBe(405);
    // A request naming a session this process never made is served all the same.
    const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    expect(
      await rawPost(http.url, { authorization: auth, 'mcp-session-id': 'from-another-replica' }, listTools),
    ).toBe(200);
  });

  it.each([
    ['2025-11-25', 'conformance-expected-failures.yml', /✓ server-initialize: \d+ passed, 0 failed/, false],
    ['2026-07-28', 'conformance-expected-failures-2026.yml', /✓ tasks-lifecycle: \d+ passed, 0 failed/, true],
  ])(
    'passes the official conformance suite for %s, apart from the listed scenarios',
    async (revision, expected, marker, fixtures) => {
      // The suite sends no headers: a loopback proxy adds the token, as a gateway in front would.
      // On the 2026-07-28 path the server also offers the suite's fixture tools (its task
      // scenarios call them by name), served through the server's own task protocol.
      const served = fixtures
        ? await startConformanceServer({ client: fastClient(emulator), port: 0, progressIntervalMs: 100 })
        : await tokenProxy(http.url, http.authToken as string);
      const result = await run(
        bin('conformance'),
        ['server', '--url', served.url, '--requirements', revision, '--expected-failures', expected],
        { cwd: packageDir, maxBuffer: 64 * 1024 * 1024 },
      )
        .catch((error: { stdout: string; stderr: string; code: number }) => error)
        .finally(served.close);
      expect(result.stdout).toMatch(/✓ tools-list: \d+ passed, 0 failed/);
      expect(result.stdout).toMatch(/✓ dns-rebinding-protection: 2 passed, 0 failed/);
      expect(result.stdout).toMatch(marker);
      expect('code' in result ? result.code : 0, result.stdout.slice(-3000)).toBe(0);
    },
    300_000,
  );

  it('the Inspector CLI lists the tools portably and calls one; an isError call exits 5', async () => {
    const header = ['--header', `Authorization: ${auth}`];
    const listed = await run(bin('mcp-inspector'), [
      '--cli',
      http.url,
      ...header,
      '--method',
      'tools/list',
      '--strict',
    ]);
    expect(JSON.parse(listed.stdout).tools).toHaveLength(19);
    const called = await run(bin('mcp-inspector'), [
      '--cli',
      http.url,
      ...header,
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
      ...header,
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
