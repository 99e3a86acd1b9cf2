// The `trackerkit-mcp` process, as an operator, a supervisor or a desktop client sees it: the
// commands' one convention (--help/--version on stdout, one-line usage errors with exit 2, one
// JSON ready line on stdout over HTTP) and a stop that answers the call in flight first.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, runNode } from '../../../../tests/helpers/bad-options.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { SERVER_VERSION } from '../../src/config/version.ts';
import { startTestEmulator } from './harness.ts';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = ['--conditions=trackerkit-source', 'src/bin.ts'];

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  TRACKER_API_URL: emulator.baseUrl,
  TRACKER_API_TOKEN: emulator.token,
  ...extra,
});

const run = (args: string[], extra: Record<string, string> = {}) =>
  runNode([...SOURCE, ...args], { cwd: packageDir, env: env(extra) });

async function serveHttp(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [...SOURCE, '--http', '--port', '0', '--auth-token', 'bin-test-token'],
    {
      cwd: packageDir,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const [line] = await once(createInterface({ input: child.stdout! }), 'line');
  const ready = JSON.parse(String(line)) as Record<string, string>;
  // A fixed token is the operator's own: it is not repeated in the ready line.
  expect(ready).toEqual({ event: 'ready', name: 'trackerkit-mcp', url: expect.stringMatching(/\/mcp$/) });
  return { child, url: ready.url! };
}

describe('trackerkit-mcp bin', () => {
  it('--help and --version print on stdout and exit 0', async () => {
    const help = await run(['--help']);
    expect(help).toMatchObject({ exit: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: trackerkit-mcp \[options\]/);
    expect(await run(['--version'])).toEqual({ exit: 0, stdout: `${SERVER_VERSION}\n`, stderr: '' });
  });

  it.each([
    ['an unknown flag', ['--bogus'], {}, /unknown option --bogus/],
    ['a port out of range', ['--http', '--port', '70000'], {}, /--port must be a port number/],
    [
      'a base URL without /v1',
      [],
      { TRACKER_API_URL: 'http://127.0.0.1:1' },
      /TRACKER_API_URL or --api-url must be an absolute URL ending in \/v1, got "http:\/\/127\.0\.0\.1:1"/,
    ],
    ['a base URL flag without /v1', ['--api-url', 'https://tracker.test/api'], {}, /ending in \/v1/],
    ['a non-boolean read-only setting', [], { TRACKERKIT_MCP_READ_ONLY: 'yes' }, /is not a boolean/],
    [
      'a toolset list that names none',
      [],
      { TRACKERKIT_MCP_TOOLSETS: ',' },
      /TRACKERKIT_MCP_TOOLSETS: names no toolset \(","\); choose one or more of spaces, trackers, runs, vault/,
    ],
    ['an empty --toolsets', ['--toolsets', ' '], {}, /--toolsets: names no toolset/],
    [
      'OAuth without the token key',
      ['--http', '--oauth-issuer', 'http://127.0.0.1:1'],
      {},
      /set TRACKERKIT_MCP_TOKEN_KEY to 32 random bytes/,
    ],
    [
      'introspection with a client id but no secret',
      ['--http', '--port', '0', '--oauth-issuer', 'http://127.0.0.1:1', '--user-store', ':memory:'],
      {
        TRACKERKIT_MCP_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64'),
        TRACKERKIT_MCP_OAUTH_CLIENT_ID: 'mcp-rs',
      },
      /set both TRACKERKIT_MCP_OAUTH_CLIENT_ID and TRACKERKIT_MCP_OAUTH_CLIENT_SECRET, or neither/,
    ],
    [
      'OAuth beyond loopback without a public URL',
      [
        '--http',
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--oauth-issuer',
        'http://127.0.0.1:1',
        '--user-store',
        ':memory:',
      ],
      { TRACKERKIT_MCP_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64') },
      /--public-url: required with --oauth-issuer when serving beyond loopback/,
    ],
    [
      'OAuth with an issuer that does not answer',
      ['--http', '--port', '0', '--oauth-issuer', 'http://127.0.0.1:1', '--user-store', ':memory:'],
      { TRACKERKIT_MCP_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64') },
      /--oauth-issuer: no authorization server metadata found/,
    ],
  ])('%s is one line on stderr and exit 2', async (_name, args, extra, want) => {
    const result = await run(args, extra);
    expectRefusal(result, 'trackerkit-mcp', want);
    expect(result.stderr).toMatch(/^trackerkit-mcp: /);
  });

  it('a port already taken is one line and exit 2', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const result = await run(['--http', '--port', String(port)]);
    taken.close();
    expect(result.exit).toBe(2);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^trackerkit-mcp: 127\\.0\\.0\\.1:${port} is already in use`),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('SIGTERM answers the call in flight, then exits 0', async () => {
    const { child, url } = await serveHttp();
    // The service answers the call's request slowly; the stop comes while the call waits for it.
    emulator.faults.add({ operation_id: 'listSpaces', kind: 'latency', latency_ms: 1500, times: 1 });
    const asked = () => emulator.requests.count({ operation_id: 'listSpaces' });
    const askedBefore = asked();
    const call = fetch(url, {
      method: 'POST',
      headers: {
        authorization: 'Bearer bin-test-token',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'list_spaces', arguments: {} },
      }),
    });
    await waitUntil(() => asked() > askedBefore, { what: 'the call waiting on the service' });
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const response = await call;
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/"id":7/);
    expect(await exited).toEqual([0, null]);
  });
});
