// Record and replay, emulator to emulator over loopback: a client session goes through a proxying
// emulator to a second one and is recorded; a third emulator with no upstream replays the file and
// gives the same answers, refuses what was not recorded by name, and the file holds no credential.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/index.ts';
import { call, session, shape } from './recorded-session.ts';

const dir = mkdtempSync(join(tmpdir(), 'trackerkit-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const running: RunningEmulator[] = [];
const start = async (options: Parameters<typeof startEmulator>[0] = {}) => {
  const logs: string[] = [];
  const emu = await startEmulator({
    clock: 'manual',
    clockStart: '2030-01-01T00:00:00Z',
    validateResponses: true,
    log: (line) => logs.push(line),
    ...options,
  });
  running.push(emu);
  return { emu, logs };
};
afterEach(async () => {
  for (const emu of running.splice(0)) {
    expect(emu.contractViolations()).toEqual([]);
    await emu.close();
  }
});

describe('record and replay', () => {
  it('records a session through a proxy and replays it with no upstream, answer for answer', async () => {
    const { emu: upstream } = await start({ token: 'qapi_upstream_secret_token_0123456789' });
    const file = join(dir, 'session.jsonl');
    const { emu: proxy } = await start({ proxyTo: upstream.baseUrl, record: file });
    const recorded = await session(proxy.baseUrl, upstream.token, upstream.spaceId, () => upstream.idle());
    expect(recorded.answers.map((a) => a.status)).toEqual([
      201, 200, 200, 200, 200, 202, 200, 201, 201, 404, 422,
    ]);
    // The proxy answered with the upstream's answers: the tracker is the upstream's.
    expect(
      (await call(upstream.baseUrl, upstream.token, 'GET', `/api/trackers/${recorded.trackerId}`)).status,
    ).toBe(200);
    expect(proxy.requests.count({ tracker_id: recorded.trackerId })).toBe(8);

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(upstream.token);
    const [header, ...lines] = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toMatchObject({ format: 'trackerkit-recording', version: 1, upstream: upstream.baseUrl });
    expect(lines).toHaveLength(11);
    expect(lines[2]).toMatchObject({
      method: 'PATCH',
      path: `/v1/api/trackers/${recorded.trackerId}`,
      operation_id: 'updateTracker',
      params: { tracker_id: recorded.trackerId },
      request_headers: { authorization: '[redacted]', 'x-api-key': '[redacted]' },
      request_body: { media_type: 'application/json', json: { name: 'Supplier risk (EU)' } },
      status: 200,
      response_body: { name: 'Supplier risk (EU)' },
    });

    // A third emulator, no upstream: the same session, any token, the same answers.
    const { emu: replayer } = await start({ replay: file });
    const replayed = await session(replayer.baseUrl, 'qapi_any', upstream.spaceId, async () => {});
    expect(shape(replayed.answers)).toEqual(shape(recorded.answers));
    expect(replayed.answers[6]?.headers.get('x-trackerkit-replay')).toBeNull();
    // The replayer's journal saw the session as any emulator's does.
    replayer.requests.verify({ operation_id: 'getTracker', tracker_id: recorded.trackerId }, { count: 2 });
  });

  it('refuses a request it has no recording for, naming it, with 501 and x-trackerkit-replay', async () => {
    const { emu: upstream } = await start();
    const file = join(dir, 'refusals.jsonl');
    const { emu: proxy } = await start({ proxyTo: upstream.baseUrl, record: file });
    const trackers = `/api/trackers?space_id=${upstream.spaceId}`;
    expect((await call(proxy.baseUrl, upstream.token, 'GET', trackers)).status).toBe(200);
    await call(proxy.baseUrl, upstream.token, 'POST', `/api/spaces/${upstream.spaceId}/trackers`, {
      name: 'x',
      description: 'd',
    });

    const { emu: replayer, logs } = await start({ replay: file });
    const again = await call(replayer.baseUrl, 'qapi_any', 'GET', trackers);
    expect(again.status).toBe(200);
    const exhausted = await call(replayer.baseUrl, 'qapi_any', 'GET', trackers);
    expect(exhausted.status).toBe(501);
    expect(exhausted.headers.get('x-trackerkit-replay')).toBe('exhausted');
    expect(exhausted.body).toEqual({
      detail: `No recording for GET /v1${trackers} (listTrackers): all 1 answer(s) recorded for it were already used`,
    });
    const never = await call(replayer.baseUrl, 'qapi_any', 'GET', '/api/trackers/trk_never');
    expect(never.status).toBe(501);
    expect(never.headers.get('x-trackerkit-replay')).toBe('miss');
    expect((never.body as { detail: string }).detail).toBe(
      'No recording for GET /v1/api/trackers/trk_never (getTracker): nothing was recorded for it',
    );
    // Same operation and path, another body: a write is matched on its body too.
    const other = await call(
      replayer.baseUrl,
      'qapi_any',
      'POST',
      `/api/spaces/${upstream.spaceId}/trackers`,
      {
        name: 'y',
      },
    );
    expect(other.status).toBe(501);
    expect((other.body as { detail: string }).detail).toContain(
      '(createTracker): 1 request(s) of createTracker were recorded, none with these parameters and body',
    );
    // Key order does not matter (JSON is compared, not bytes).
    const same = await call(
      replayer.baseUrl,
      'qapi_any',
      'POST',
      `/api/spaces/${upstream.spaceId}/trackers`,
      {
        description: 'd',
        name: 'x',
      },
    );
    expect(same.status).toBe(422);
    expect(logs.filter((line) => line.includes('replay: No recording'))).toHaveLength(3);
    expect(replayer.requests.count({ status: 501 })).toBe(3);
  });

  it('answers 502 naming the upstream when it is out of reach, and records nothing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const file = join(dir, 'unreachable.jsonl');
    const base = `http://127.0.0.1:${port}/v1`;
    const { emu: proxy } = await start({ proxyTo: base, record: file });
    const answer = await call(proxy.baseUrl, 'qapi_x', 'GET', '/api/trackers/trk_1');
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-trackerkit-proxy')).toBe('unreachable');
    expect((answer.body as { detail: string }).detail).toContain(
      `Upstream ${base} unreachable for GET /v1/api/trackers/trk_1`,
    );
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1); // the header only
  });

  it('refuses options that cannot work before it listens', async () => {
    await expect(startEmulator({ record: join(dir, 'x.jsonl'), log: () => {} })).rejects.toThrow(
      '--record (record) needs --proxy-to (proxyTo)',
    );
    const notRecording = join(dir, 'not-a-recording.jsonl');
    writeFileSync(notRecording, '{"hello":1}\n');
    await expect(startEmulator({ replay: notRecording, log: () => {} })).rejects.toThrow(
      `--replay ${notRecording}: not a recording`,
    );
    await expect(startEmulator({ proxyTo: 'ftp://127.0.0.1/v1', log: () => {} })).rejects.toThrow(
      'must be an http or https URL',
    );
  });

  it('does the same from the command line: --proxy-to with --record, then --replay', async () => {
    const { emu: upstream } = await start();
    const file = join(dir, 'cli.jsonl');
    const path = `/api/spaces/${upstream.spaceId}`;
    const proxy = await spawnBin(['--proxy-to', upstream.baseUrl, '--record', file]);
    const live = await call(proxy.baseUrl, upstream.token, 'GET', path);
    await proxy.stop();
    expect(live.status).toBe(200);
    const replayer = await spawnBin(['--replay', file]);
    const replayed = await call(replayer.baseUrl, 'qapi_any', 'GET', path);
    const missing = await call(replayer.baseUrl, 'qapi_any', 'GET', '/api/spaces/spc_never');
    await replayer.stop();
    expect(replayed.body).toEqual(live.body);
    expect(missing.status).toBe(501);
    const bad = spawn(process.execPath, ['--conditions=trackerkit-source', BIN, '--record', file]);
    let stderr = '';
    bad.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await new Promise((resolve) => bad.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('--record (record) needs --proxy-to (proxyTo)');
  });
});

const BIN = join(import.meta.dirname, '../../src/bin.ts');

/** The bin on a free loopback port: its base URL from the ready line, and a stop. */
function spawnBin(args: string[]): Promise<{ baseUrl: string; stop: () => Promise<unknown> }> {
  const child = spawn(process.execPath, ['--conditions=trackerkit-source', BIN, ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const ready = JSON.parse(line) as { base_url: string };
      const stop = () => {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        return exited;
      };
      resolve({ baseUrl: ready.base_url, stop });
    });
  });
}
