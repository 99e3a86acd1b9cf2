import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';

const BIN = join(import.meta.dirname, '../../src/bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'trackerkit-emulator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ready {
  event: string;
  name: string;
  url: string;
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
    expect(Object.keys(first.ready)).toEqual([
      'event',
      'name',
      'url',
      'base_url',
      'token',
      'account_id',
      'space_id',
    ]);
    expect(first.ready.name).toBe('trackerkit-emulator');
    expect(first.ready.url).toBe(first.ready.base_url);
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

  it('re-executes runs left pending or running by a kill, with the same webhook-id', async () => {
    // The first delivery is never answered: the kill lands while the run is in its alert delivery.
    const hooks: { id: string; runId: string }[] = [];
    const hung: ServerResponse[] = [];
    let arrived: () => void = () => {};
    const firstHook = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      req.on('end', () => {
        hooks.push({ id: String(req.headers['webhook-id']), runId: JSON.parse(raw).data.run_id });
        if (hooks.length === 1) {
          hung.push(res);
          arrived();
        } else res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const data = join(dir, 'inflight.sqlite');
    const first = await spawnBin(['--port', '0', '--clock', 'manual', '--data', data]);
    const base = first.ready.base_url;
    const origin = new URL(base).origin;
    const headers = { authorization: `Bearer ${first.ready.token}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown, method = 'POST') =>
      (await fetch(url, { method, headers, body: JSON.stringify(body) })).json() as Promise<
        Record<string, string>
      >;
    await post(`${origin}/_emulator/accounts/${first.ready.account_id}/webhook`, { url: hookUrl }, 'PUT');
    const tracker = await post(`${base}/api/spaces/${first.ready.space_id}/trackers`, {
      name: 'inflight',
      description: 'd',
      run_mode: 'manual',
      agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
      notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 3 },
    });
    const runs = `${base}/api/trackers/${tracker.tracker_id}/runs`;
    const alerting = await post(runs, { context: { emulator: { score: 1 } } });
    const slow = await post(runs, { context: { emulator: { score: 8, delay_ms: 1500 } } });
    await firstHook;
    const slowBefore = (await (await fetch(`${runs}/${slow.run_id}`, { headers })).json()) as Record<
      string,
      string
    >;
    expect(slowBefore.status).toBe('running');
    await stop(first.child, 'SIGKILL');
    for (const res of hung) res.destroy();

    const second = await spawnBin(['--port', '0', '--clock', 'manual', '--data', data]);
    const getRun = async (id: string) =>
      (await (
        await fetch(`${second.ready.base_url}/api/trackers/${tracker.tracker_id}/runs/${id}`, { headers })
      ).json()) as Record<string, Record<string, unknown> | string>;
    const finished = (id: string) =>
      waitUntil(
        async () => {
          const run = await getRun(id);
          return run.status === 'completed' || run.status === 'failed' ? run : undefined;
        },
        { timeout: 6000, what: `run ${id} finished after the restart` },
      );
    const resumed = await finished(String(alerting.run_id));
    expect(resumed).toMatchObject({ status: 'completed', result: { score: 1 } });
    expect(resumed.notification_delivery).toMatchObject({ webhook: { status: 'success', attempts: 1 } });
    expect(hooks).toHaveLength(2);
    expect(hooks[1]).toEqual(hooks[0]);
    const slowAfter = await finished(String(slow.run_id));
    expect(slowAfter).toMatchObject({ status: 'completed', started_at: slowBefore.started_at });
    await stop(second.child, 'SIGTERM');
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('rejects an unknown flag in one line, naming it, with exit code 2', async () => {
    const child = spawn(process.execPath, ['--conditions=trackerkit-source', BIN, '--bogus'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe('trackerkit-emulator: unknown option --bogus (see trackerkit-emulator --help)\n');
  });
});
