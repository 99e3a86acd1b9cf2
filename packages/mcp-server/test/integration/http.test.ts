// Streamable HTTP: the SDK client end to end, the DNS-rebinding and bearer-token guards, the
// official conformance suite and the Inspector CLI.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Runs the SDK client against `url` in its own process (see http-client-probe.ts). */
async function probe(url: string, authorization?: string) {
  const { createTrackerClient } = await import('@trackerkit/client');
  const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
  const tracker = await api.trackers.create(emulator.spaceId, {
    name: 'HTTP probe',
    description: 'Created for the HTTP test.',
    run_mode: 'manual',
    agent_config: { instruction: trackerArgs('').instruction, score_meaning: '10 = good', skills: [] },
  });
  const args = [
    'test/integration/http-client-probe.ts',
    url,
    tracker.tracker_id,
    ...(authorization ? [authorization] : []),
  ];
  const { stdout } = await run(process.execPath, args, { cwd: packageDir });
  return JSON.parse(stdout) as {
    tools: string[];
    result: { structuredContent: Record<string, unknown> };
    progress: number[];
  };
}

/** A raw initialize POST with chosen headers, as a browser page or a rebinding attacker would send. */
function rawInitialize(url: string, headers: Record<string, string>): Promise<number> {
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
    req.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '0' },
        },
      }),
    );
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
    expect(await rawInitialize(http.url, headers)).toBe(status);
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
      expect(await rawInitialize(guarded.url, {})).toBe(401);
      expect(await rawInitialize(guarded.url, { authorization: 'Bearer wrong' })).toBe(401);
      const seen = await probe(guarded.url, 'Bearer s3cret');
      expect(seen.tools).toHaveLength(19);
    } finally {
      await guarded.close();
    }
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
