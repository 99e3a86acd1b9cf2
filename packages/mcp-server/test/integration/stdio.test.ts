// The bin over real stdio: from source, and the built dist. stdout must carry only JSON-RPC.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from './harness.ts';
import { StdioProcess } from './stdio-process.ts';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

async function exercise(args: string[]) {
  const proc = new StdioProcess(
    args,
    { TRACKER_API_URL: emulator.baseUrl, TRACKER_API_TOKEN: emulator.token },
    packageDir,
  );
  try {
    const init = await proc.initialize();
    expect(init.result).toMatchObject({ serverInfo: { name: 'trackerkit' }, capabilities: { tools: {} } });
    const listed = await proc.request('tools/list');
    expect(listed.result?.tools).toHaveLength(19);
    const spaces = await proc.request('tools/call', { name: 'list_spaces', arguments: {} });
    expect(JSON.stringify(spaces.result?.structuredContent)).toContain(emulator.spaceId);
    // Bad calls of every kind, then a good one: the process must still answer.
    const bad = await proc.request('tools/call', { name: 'get_tracker', arguments: { tracker_id: 42 } });
    expect(bad.result).toMatchObject({ isError: true });
    const missing = await proc.request('tools/call', {
      name: 'get_tracker',
      arguments: { tracker_id: 'trk_nope' },
    });
    expect(missing.result).toMatchObject({ isError: true });
    const unknown = await proc.request('tools/call', { name: 'nope', arguments: {} });
    expect(unknown.error?.message).toMatch(/Unknown tool/);
    const garbage = await proc.request('no/such/method');
    expect(garbage.error).toBeDefined();
    const again = await proc.request('tools/call', {
      name: 'get_space',
      arguments: { space_id: emulator.spaceId },
    });
    expect(again.result?.isError).toBeUndefined();
    expect(await proc.end()).toBe(0);
    return proc;
  } catch (error) {
    proc.kill();
    throw new Error(`${(error as Error).message}\nstderr:\n${proc.stderr}`);
  }
}

function expectOnlyJsonRpc(lines: string[]) {
  expect(lines.length).toBeGreaterThanOrEqual(7);
  for (const line of lines) {
    const message = JSON.parse(line);
    expect(message.jsonrpc).toBe('2.0');
  }
}

describe('stdio', () => {
  it('from source: answers every call, survives bad ones, and writes only JSON-RPC to stdout', async () => {
    const proc = await exercise(['--conditions=trackerkit-source', 'src/bin.ts']);
    expectOnlyJsonRpc(proc.lines);
  });

  it('the built dist/bin.js behaves the same', async () => {
    execFileSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'pipe' });
    const proc = await exercise(['dist/bin.js']);
    expectOnlyJsonRpc(proc.lines);
  }, 120_000);

  it('explains missing configuration on stderr and exits non-zero', () => {
    const run = () =>
      execFileSync(process.execPath, ['--conditions=trackerkit-source', 'src/bin.ts'], {
        cwd: packageDir,
        env: { PATH: process.env.PATH ?? '' },
        stdio: 'pipe',
      });
    expect(run).toThrow(/TRACKER_API_URL/);
  });
});
