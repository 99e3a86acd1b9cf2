// The README's main command: `pnpm start` brings up the emulator, the MCP server and the receiver,
// prints where they are, and a person sees the demo's alert arrive on stdout.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, expect, it } from 'vitest';

interface StartLine {
  event: unknown;
  base_url: string;
  token: string;
  space_id: string;
  mcp_url: string;
  mcp_token: string;
}

const root = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

it('starts the local stack, prints how to reach it and shows the demo alert', async () => {
  child = spawn(
    process.execPath,
    [
      '--conditions=trackerkit-source',
      '--disable-warning=ExperimentalWarning',
      'scripts/start.ts',
      '--emulator-port=0',
      '--mcp-port=0',
      '--receiver-port=0',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`pnpm start ended early:\n${stderr}`);
    return JSON.parse(value) as StartLine;
  };

  const ready = await next();
  expect(ready).toMatchObject({
    event: 'ready',
    base_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
  });
  expect(ready.token).toMatch(/^qapi_/);

  const alert = await next();
  expect(alert.event).toMatchObject({
    type: 'tracker.alert',
    data: { tracker_name: 'Demo: supplier risk', score: 2, bound: 'lower' },
  });
  expect(stderr).toContain(ready.mcp_url);
  expect(stderr).toContain('claude mcp add');

  // The printed MCP URL serves the tracker tools against the same emulator.
  const mcp = new Client({ name: 'start-test', version: '0.0.0' });
  // With the printed token: the MCP server requires one on every interface.
  const requestInit = { headers: { authorization: `Bearer ${ready.mcp_token}` } };
  await mcp.connect(new StreamableHTTPClientTransport(new URL(ready.mcp_url), { requestInit }));
  const spaces = await mcp.callTool({ name: 'list_spaces', arguments: {} });
  expect(JSON.stringify(spaces.structuredContent)).toContain(ready.space_id);
  await mcp.close();

  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);
});
