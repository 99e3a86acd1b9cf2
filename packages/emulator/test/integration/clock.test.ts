import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { startEmulator } from '../../src/index.ts';
import { type Harness, type Loose, startHarness } from './harness.ts';

// The clock's edges: an advance past any date, a scheduled tracker's catch-up
// after a far jump, a reset after advances, and a saved clock that is not a date.
const BIN = join(import.meta.dirname, '../../src/bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'trackerkit-emulator-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAX_ADVANCE_MINUTES = 10 * 365 * 24 * 60;
const START = '2030-01-01T00:00:00Z';

let h: Harness | undefined;
afterEach(async () => {
  if (!h) return;
  expect(h.emu.contractViolations()).toEqual([]);
  await h.emu.close();
  h = undefined;
});

const everyMinute = { start_time: START, interval_minutes: 1, end_time: null };

describe('advancing the manual clock', () => {
  it('refuses an advance past the per-call maximum with 422 naming the field and the maximum', async () => {
    h = await startHarness({ clock: 'manual', clockStart: START });
    const answer = await h.console('POST', '/clock', { advance_minutes: 1e12 });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'advance_minutes'], type: 'less_than_equal' }),
    ]);
    expect(answer.body.detail[0].msg).toContain(String(MAX_ADVANCE_MINUTES));
    // The clock did not move and every timestamped answer still works.
    expect((await h.console('GET', '/clock')).body).toEqual({ now: '2030-01-01T00:00:00.000Z' });
    const t = await h.tracker();
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).status).toBe(200);
    expect((await h.api('GET', '/api/spaces')).status).toBe(200);
    expect((await h.console('GET', '/export')).status).toBe(200);
    expect((await h.console('POST', '/clock', { advance_minutes: 60 })).body).toEqual({
      now: '2030-01-01T01:00:00.000Z',
    });
    await expect(h.emu.clock.advance(1e12)).rejects.toThrow(
      /^@trackerkit\/emulator: clock\.advance minutes: .*5256000/,
    );
    expect(h.emu.clock.now()).toBe('2030-01-01T01:00:00.000Z');
  });

  it.each([
    ['negative', -1, 'greater_than_equal'],
    ['a string', '5', 'number_type'],
    ['null', null, 'number_type'],
    ['a boolean', true, 'number_type'],
    ['too large for a number', '1e400', 'finite_number'],
  ])('refuses %s with 422 at advance_minutes', async (_name, value, type) => {
    h = await startHarness({ clock: 'manual', clockStart: START });
    // '1e400' is sent as a raw JSON number (JSON.parse reads it as Infinity).
    const body = value === '1e400' ? '{"advance_minutes":1e400}' : JSON.stringify({ advance_minutes: value });
    const answer = await fetch(`${h.emu.origin}/_emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(422);
    const { detail } = (await answer.json()) as Loose;
    expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'advance_minutes'], type })]);
    expect((await h.console('GET', '/clock')).body.now).toBe('2030-01-01T00:00:00.000Z');
  });

  it('refuses an advance that would leave the clock past 9999-12-31', async () => {
    h = await startHarness({ clock: 'manual', clockStart: '9999-12-01T00:00:00Z' });
    const answer = await h.console('POST', '/clock', { advance_minutes: 60 * 24 * 31 });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({
      loc: ['body', 'advance_minutes'],
      type: 'less_than_equal',
    });
    expect(answer.body.detail[0].msg).toContain('9999-12-31T23:59:59.999Z');
    expect((await h.console('POST', '/clock', { advance_minutes: 60 })).status).toBe(200);
  });

  it('refuses a clockStart that is not an instant in range', async () => {
    for (const clockStart of ['not a date', 1e17, '+275760-09-13T00:00:00Z', '1969-12-31T23:59:59Z']) {
      await expect(startEmulator({ clock: 'manual', clockStart, log: () => {} })).rejects.toThrow(
        /^@trackerkit\/emulator: clockStart /,
      );
    }
  });
});

describe('a scheduled tracker after a far jump', () => {
  it('runs only the latest 100 missed occurrences and answers quickly', async () => {
    h = await startHarness({ clock: 'manual', clockStart: START });
    const t = await h.tracker({ run_mode: 'scheduled', schedule: everyMinute });
    const started = performance.now();
    const moved = await h.console('POST', '/clock', { advance_minutes: MAX_ADVANCE_MINUTES });
    expect(moved.status).toBe(200);
    expect(moved.body.now).toBe('2039-12-30T00:00:00.000Z');
    expect(performance.now() - started).toBeLessThan(15_000);
    const runs = await h.api('GET', `/api/trackers/${t.tracker_id}/runs?page_size=100`);
    expect(runs.body.pagination.total_items).toBe(100);
    // The latest slot ran last; the skipped ones are the earliest.
    expect(runs.body.data[0].started_at).toBe('2039-12-30T00:00:00.000Z');
    expect(runs.body.data[99].started_at).toBe('2039-12-29T22:21:00.000Z');
    // The schedule carries on from there.
    await h.emu.clock.advance(2);
    const after = await h.api('GET', `/api/trackers/${t.tracker_id}/runs`);
    expect(after.body.pagination.total_items).toBe(102);
  }, 30_000);

  it('lets SIGTERM stop the bin in the middle of a long advance', async () => {
    // A receiver that never answers holds each scheduled run's alert, so the advance is slow.
    const held: ServerResponse[] = [];
    const receiver = createServer((_req, res) => held.push(res));
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const { child, ready } = await spawnBin(['--port', '0', '--clock', 'manual', '--clock-start', START]);
    try {
      const origin = new URL(ready.base_url).origin;
      const json = { 'content-type': 'application/json' };
      await fetch(`${origin}/_emulator/accounts/${ready.account_id}/webhook`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ url: hook }),
      });
      const created = await fetch(`${ready.base_url}/api/spaces/${ready.space_id}/trackers`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${ready.token}` },
        body: JSON.stringify({
          name: 'every minute',
          description: 'd',
          run_mode: 'scheduled',
          schedule: everyMinute,
          notification_config: { webhook_enabled: true, notify_below: true, lower_threshold: 10 },
          agent_config: { instruction: 'i', score_meaning: 's', skills: [] },
        }),
      });
      expect(created.status).toBe(201);
      // `connection: close`: an idle keep-alive socket would hold the drain, which is not under test.
      const advance = fetch(`${origin}/_emulator/clock`, {
        method: 'POST',
        headers: { ...json, connection: 'close' },
        body: JSON.stringify({ advance_minutes: 60 * 24 * 365 }),
      });
      advance.catch(() => {}); // awaited below; a failed test must not also report it unhandled
      await waitUntil(() => held.length > 0, { what: 'an alert held by the receiver' });
      const stopped = performance.now();
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      expect(performance.now() - stopped).toBeLessThan(4000);
      // The advance ended where the stop found it, and was answered.
      expect((await advance).status).toBe(200);
    } finally {
      child.kill('SIGKILL');
      for (const res of held) res.destroy();
      receiver.closeAllConnections();
      receiver.close();
    }
  }, 30_000);
});

describe('reset', () => {
  it('brings a manual clock back to where it started, and the emulator stays usable', async () => {
    h = await startHarness({ clock: 'manual', clockStart: START });
    await h.console('POST', '/clock', { advance_minutes: MAX_ADVANCE_MINUTES });
    await h.emu.clock.advance(MAX_ADVANCE_MINUTES);
    expect(h.emu.clock.now()).toBe('2049-12-27T00:00:00.000Z');
    expect((await h.console('POST', '/reset')).status).toBe(200);
    expect((await h.console('GET', '/clock')).body.now).toBe('2030-01-01T00:00:00.000Z');
    const t = await h.tracker();
    expect((await h.api('GET', `/api/trackers/${t.tracker_id}`)).body.created_at).toBe(
      '2030-01-01T00:00:00.000Z',
    );
    expect((await h.console('POST', '/clock', { advance_minutes: 1 })).body.now).toBe(
      '2030-01-01T00:01:00.000Z',
    );
    h.emu.reset();
    expect(h.emu.clock.now()).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('a --data file with a saved clock that is not an instant', () => {
  it('is refused at start: exit 2 naming the file and the field', async () => {
    const data = join(dir, 'broken-clock.sqlite');
    // A file as the emulator writes it, with the clock a 1e12-minute advance used to leave behind.
    const db = new DatabaseSync(data);
    db.exec('CREATE TABLE meta (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    db.prepare('INSERT INTO meta (id, doc) VALUES (?, ?)').run(
      'clock',
      JSON.stringify({ id: 'clock', value: 6e16, seq: 1 }),
    );
    db.close();
    const child = spawn(
      process.execPath,
      ['--conditions=trackerkit-source', BIN, '--port', '0', '--clock', 'manual', '--data', data],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    // Before the fix the bin started on the broken clock: the deadline ends it so the test fails cleanly.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const [code] = (await once(child, 'exit')) as [number | null];
    clearTimeout(deadline);
    expect(stdout).toBe('');
    expect(code).toBe(2);
    expect(stderr).toContain(data);
    expect(stderr).toMatch(/saved clock/);
    expect(stderr).toContain('--clock-start');
    // --clock-start replaces the broken value, and the file is healthy afterwards.
    const fixed = await spawnBin([
      '--port',
      '0',
      '--clock',
      'manual',
      '--data',
      data,
      '--clock-start',
      START,
    ]);
    const origin = new URL(fixed.ready.base_url).origin;
    expect(await (await fetch(`${origin}/_emulator/clock`)).json()).toEqual({
      now: '2030-01-01T00:00:00.000Z',
    });
    fixed.child.kill('SIGTERM');
    await once(fixed.child, 'exit');
    const again = await spawnBin(['--port', '0', '--clock', 'manual', '--data', data]);
    again.child.kill('SIGTERM');
    await once(again.child, 'exit');
  }, 30_000);
});

interface Ready {
  base_url: string;
  token: string;
  account_id: string;
  space_id: string;
}

function spawnBin(args: string[]): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--conditions=trackerkit-source', BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      resolve({ child, ready: JSON.parse(line) as Ready });
    });
  });
}
