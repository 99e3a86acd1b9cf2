// The bin over real stdio: from source, and the built dist. stdout must carry only JSON-RPC.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../src/index.ts';
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
    expect(unknown.error?.message).toMatch(/Tool \S+ not found/);
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

describe('stdio message limit', () => {
  const env = () => ({ TRACKER_API_URL: emulator.baseUrl, TRACKER_API_TOKEN: emulator.token });
  const source = ['--conditions=trackerkit-source', 'src/bin.ts'];

  it('carries the largest advertised upload (an 8 MB file as base64), answers an oversized message with an error naming the limit, logs it and goes on', async () => {
    const { createTrackerClient } = await import('@trackerkit/client');
    const api = createTrackerClient({ baseUrl: emulator.baseUrl, token: emulator.token });
    const tracker = await api.trackers.create(emulator.spaceId, {
      name: 'stdio upload',
      description: 'Large upload over stdio.',
      run_mode: 'manual',
      agent_config: { instruction: 'Read the notes.', score_meaning: '10 = good', skills: [] },
    });
    const proc = new StdioProcess(source, env(), packageDir);
    try {
      await proc.initialize();
      const line = 'Supplier notes: deliveries late, quality fine, prices up.\n';
      const text = line.repeat(Math.ceil(8_000_000 / line.length)).slice(0, 8_000_000);
      const uploaded = await proc.request('tools/call', {
        name: 'upload_vault_file',
        arguments: {
          tracker_id: tracker.tracker_id,
          content_base64: Buffer.from(text).toString('base64'),
          filename: 'notes.txt',
        },
      });
      expect(uploaded.result?.isError, JSON.stringify(uploaded).slice(0, 500)).toBeUndefined();
      expect(uploaded.result?.structuredContent).toMatchObject({ name: 'notes.txt' });

      const over = await proc.request('tools/call', {
        name: 'upload_vault_file',
        arguments: {
          tracker_id: tracker.tracker_id,
          content_base64: 'A'.repeat(MAX_MESSAGE_BYTES),
          filename: 'x.txt',
        },
      });
      expect(over.error?.code).toBe(-32600);
      expect(over.error?.message).toMatch(
        new RegExp(`exceeds this server's limit of ${MAX_MESSAGE_BYTES} bytes`),
      );
      const after = await proc.request('tools/call', {
        name: 'get_space',
        arguments: { space_id: emulator.spaceId },
      });
      expect(after.result?.isError).toBeUndefined();
      expect(proc.stderr).toMatch(/stdin: message of \d+ bytes exceeds this server's limit/);
      expect(await proc.end()).toBe(0);
    } catch (error) {
      proc.kill();
      throw new Error(`${(error as Error).message}\nstderr:\n${proc.stderr}`);
    }
  }, 60_000);

  it.each(['yes', 'on', 'TRUE1'])(
    'TRACKERKIT_MCP_READ_ONLY=%s stops start-up with exit 2, naming the variable and the accepted values',
    (value) => {
      const run = () =>
        execFileSync(process.execPath, source, {
          cwd: packageDir,
          env: { ...env(), PATH: process.env.PATH ?? '', TRACKERKIT_MCP_READ_ONLY: value },
          stdio: 'pipe',
        });
      try {
        run();
        expect.unreachable('the server started');
      } catch (error) {
        const failed = error as { status: number; stderr: Buffer };
        expect(failed.status).toBe(2);
        expect(failed.stderr.toString()).toContain(
          `TRACKERKIT_MCP_READ_ONLY: "${value}" is not a boolean; accepted values are 1, true, 0, false`,
        );
      }
    },
  );
});

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
