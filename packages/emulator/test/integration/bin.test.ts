import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '../../src/bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'trackerkit-emulator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ready {
  event: string;
  base_url: string;
  token: string;
  account_id: string;
  space_id: string;
}

/** Spawns the bin and resolves with its ready line and every stdout line seen by then. */
function spawnBin(args: string[]): Promise<{ child: ChildProcess; ready: Ready; lines: string[] }> {
  const child = spawn(process.execPath, ['--conditions=trackerkit-source', BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lines.push(line);
      resolve({ child, ready: JSON.parse(line) as Ready, lines });
    });
  });
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });

describe('trackerkit-emulator bin', () => {
  it('prints exactly one ready line and keeps acknowledged data across a kill', async () => {
    const data = join(dir, 'state.sqlite');
    const first = await spawnBin(['--port', '0', '--clock', 'manual', '--data', data]);
    expect(Object.keys(first.ready)).toEqual(['event', 'base_url', 'token', 'account_id', 'space_id']);
    expect(first.ready.event).toBe('ready');
    expect(first.ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(first.ready.token).toMatch(/^qapi_/);
    expect(first.ready.space_id).toMatch(/^spc_/);
    const headers = { authorization: `Bearer ${first.ready.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.ready.base_url}/api/spaces/${first.ready.space_id}/trackers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'durable',
        description: 'd',
        run_mode: 'manual',
        agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
      }),
    });
    const tracker = (await created.json()) as { tracker_id: string };
    await fetch(`${first.ready.base_url}/api/trackers/${tracker.tracker_id}/vault/sources`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ source_name: 'rows', data: [{ score: 9 }] }),
    });
    const origin = new URL(first.ready.base_url).origin;
    await fetch(`${origin}/_emulator/clock`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ advance_minutes: 90 }),
    });
    const clockBefore = (await (await fetch(`${origin}/_emulator/clock`)).json()) as { now: string };
    await stop(first.child, 'SIGKILL');
    expect(first.lines).toHaveLength(1);

    const second = await spawnBin(['--port', '0', '--clock', 'manual', '--data', data]);
    expect(second.ready).toMatchObject({
      token: first.ready.token,
      account_id: first.ready.account_id,
      space_id: first.ready.space_id,
    });
    const got = await fetch(`${second.ready.base_url}/api/trackers/${tracker.tracker_id}`, { headers });
    expect(got.status).toBe(200);
    const run = await fetch(`${second.ready.base_url}/api/trackers/${tracker.tracker_id}/runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ sync: true }),
    });
    expect(((await run.json()) as { result: { score: number } }).result.score).toBe(9);
    const clockAfter = (await (
      await fetch(`${new URL(second.ready.base_url).origin}/_emulator/clock`)
    ).json()) as { now: string };
    expect(clockAfter.now).toBe(clockBefore.now);
    await stop(second.child, 'SIGTERM');
  });

  it('rejects unknown flags with a usage message', async () => {
    const child = spawn(process.execPath, ['--conditions=trackerkit-source', BIN, '--bogus'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: trackerkit-emulator');
  });
});
