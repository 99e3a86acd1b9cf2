// Every trigger, create and search run through zapier-platform-core's createAppTester (the runtime's
// own lambda handler) against the emulator on 127.0.0.1. Connections and name lookups are held to
// loopback at net.Socket's connect and dns's lookup (tests/helpers/loopback-only.mjs), and the
// test reads what was refused.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { app } from '../../src/index.ts';
import { HOSTED_BASE_URL } from '../../src/tracker-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'trackerkit-zapier-'));
const refusedLog = join(dir, 'refused.log');
process.env.TRACKERKIT_LOOPBACK_LOG = refusedLog;
// A plain JavaScript module that patches net and dns on import (it has no types, hence the variable).
const guard = '../../../../tests/helpers/loopback-only.mjs';
await import(guard);

type Item = Record<string, unknown> & { id: string };
type Perform = (z: never, bundle: never) => Promise<unknown>;
// The tester's overloads want the perform's own bundle type; these tests hand it plain objects.
const appTester = createAppTester(app) as unknown as (
  perform: unknown,
  bundle: Record<string, unknown>,
) => Promise<unknown>;
let emu: RunningEmulator;
let auth: { baseUrl: string; apiToken: string };
/** Where the file server (loopback) hands out files, as a file field's URL points at one. */
let files: Server;
let filesUrl: string;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

const perform = (kind: 'triggers' | 'creates' | 'searches', key: string) =>
  (app[kind] as Record<string, { operation: { perform: Perform } }>)[key]!.operation.perform;
const call = <T = Item>(
  kind: 'triggers' | 'creates' | 'searches',
  key: string,
  inputData: Record<string, unknown>,
  meta: Record<string, unknown> = {},
) => appTester(perform(kind, key), { authData: auth, inputData, meta }) as Promise<T>;

const refused = () => {
  try {
    return readFileSync(refusedLog, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

beforeAll(async () => {
  emu = await startEmulator({ validateResponses: true, log: () => {} });
  auth = { baseUrl: emu.baseUrl, apiToken: emu.token };
  // Zapier's hydrated files answer with the name in Content-Disposition; a plain URL has it in its path.
  files = createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/reports/deliveries.pdf') response.writeHead(200).end(PDF);
    else if (path === '/hydrate/abc123')
      response.writeHead(200, { 'content-disposition': 'attachment; filename="chart.png"' }).end(PNG);
    else if (path === '/hydrate/named')
      response
        .writeHead(200, { 'content-disposition': "attachment; filename*=UTF-8''notes%20v2.md" })
        .end('# Notes\n');
    else response.writeHead(404).end('no such file');
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

afterAll(async () => {
  expect(emu.contractViolations()).toEqual([]);
  await emu?.close();
  await new Promise((resolve) => files?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function newTracker(name: string, extra: Record<string, unknown> = {}) {
  return call<Item>('creates', 'create_tracker', {
    space_id: emu.spaceId,
    name,
    description: `${name}, made by the Zapier app`,
    run_mode: 'manual',
    instruction: 'Weigh delays.',
    score_meaning: '10 is no risk.',
    ...extra,
  });
}
const runNow = (trackerId: string, context: unknown) =>
  call<Item>('creates', 'run_tracker', {
    tracker_id: trackerId,
    context: JSON.stringify(context),
    wait: true,
  });

/** Zapier's deduplication as its documentation describes it: the first poll only records ids. */
function dedupe() {
  const seen = new Set<string>();
  return {
    first(items: Item[]) {
      for (const item of items) seen.add(item.id);
    },
    fresh(items: Item[]) {
      const out = items.filter((item) => !seen.has(item.id));
      for (const item of out) seen.add(item.id);
      return out.map((item) => item.id);
    },
  };
}

describe('authentication', () => {
  it('the connection test passes with the token and gives the label its host', async () => {
    expect(await appTester(app.authentication.test as Perform, { authData: auth })).toEqual({
      host: new URL(emu.baseUrl).host,
      spaces: 1,
    });
    expect(app.authentication.connectionLabel).toBe('{{bundle.inputData.host}}');
  });

  it('refuses a wrong token with the service answer', async () => {
    await expect(
      appTester(app.authentication.test as Perform, { authData: { ...auth, apiToken: 'qapi_wrong' } }),
    ).rejects.toThrow(/401/);
  });

  it('defaults to the hosted address, which the guard keeps this test from reaching', async () => {
    expect(app.authentication.fields.find((f) => f.key === 'baseUrl')?.default).toBe(HOSTED_BASE_URL);
    await expect(
      appTester(app.authentication.test as Perform, { authData: { apiToken: emu.token } }),
    ).rejects.toThrow();
    expect(refused()).toContain(new URL(HOSTED_BASE_URL).hostname);
  });
});

describe('dropdowns, creates and searches', () => {
  it('lists spaces and trackers for the dropdowns', async () => {
    const tracker = await newTracker('Dropdown tracker');
    const spaces = await call<Item[]>('triggers', 'space_list', {}, { page: 0 });
    expect(spaces.map((s) => s.id)).toContain(emu.spaceId);
    const trackers = await call<Item[]>('triggers', 'tracker_list', { space_id: emu.spaceId }, { page: 0 });
    expect(trackers.map((t) => t.id)).toContain(tracker.id);
    expect(await call<Item[]>('triggers', 'tracker_list', { space_id: emu.spaceId }, { page: 1 })).toEqual(
      [],
    );
    // No space chosen yet: every space's trackers.
    expect((await call<Item[]>('triggers', 'tracker_list', {}, { page: 0 })).map((t) => t.id)).toContain(
      tracker.id,
    );
  });

  it('creates, finds, updates and deletes a tracker', async () => {
    const created = await newTracker('Supplier risk', { skills: [], reasoning_mode: 'basic' });
    expect(created).toMatchObject({ id: created.tracker_id, name: 'Supplier risk', space_id: emu.spaceId });

    const found = await call<Item[]>('searches', 'find_tracker', {
      space_id: emu.spaceId,
      name: 'supplier RISK',
    });
    expect(found.map((t) => t.id)).toEqual([created.id]);
    expect(
      await call<Item[]>('searches', 'find_tracker', { space_id: emu.spaceId, name: 'nothing' }),
    ).toEqual([]);

    const updated = await call('creates', 'update_tracker', {
      tracker_id: created.id,
      description: 'Now watches filings too.',
      notify_below: 'true',
      lower_threshold: '3',
      email_enabled: true,
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Supplier risk',
      description: 'Now watches filings too.',
    });
    expect(updated.notification_config).toMatchObject({
      notify_below: true,
      lower_threshold: 3,
      email_enabled: true,
    });

    // Adding an upper bound keeps the stored lower bound and channel (the nested object goes complete).
    const widened = await call('creates', 'update_tracker', {
      tracker_id: created.id,
      notify_above: true,
      upper_threshold: 8,
    });
    expect(widened.notification_config).toMatchObject({
      notify_below: true,
      lower_threshold: 3,
      email_enabled: true,
      notify_above: true,
      upper_threshold: 8,
    });
    // Sent complete, so it holds whatever the service's merge rule for nested objects.
    const [patch] = emu.requests.list({ operation_id: 'updateTracker', tracker_id: created.id }).slice(-1);
    expect(patch?.body).toMatchObject({
      json: { notification_config: { notify_below: true, lower_threshold: 3, email_enabled: true } },
    });

    expect(await call('creates', 'delete_tracker', { tracker_id: created.id })).toMatchObject({
      id: created.id,
      success: true,
    });
    expect(
      await call<Item[]>('searches', 'find_tracker', { space_id: emu.spaceId, name: 'Supplier risk' }),
    ).toEqual([]);
  });

  it('refuses what the rules refuse before sending it, naming the field', async () => {
    const before = emu.requests.count({ operation_id: 'createTracker' });
    await expect(newTracker('Bad alert', { email_enabled: true })).rejects.toThrow(
      /notification_config\.notify_below/,
    );
    await expect(newTracker('x'.repeat(51))).rejects.toThrow(/invalid name/);
    expect(emu.requests.count({ operation_id: 'createTracker' })).toBe(before);
  });

  it('runs a tracker, waiting for its score or not, and finds the run', async () => {
    const tracker = await newTracker('Run me');
    const done = await runNow(tracker.id, { emulator: { score: 8 } });
    expect(done).toMatchObject({ id: done.run_id, status: 'completed', result: { score: 8 } });

    const started = await call('creates', 'run_tracker', { tracker_id: tracker.id, wait: false });
    expect(['pending', 'running', 'completed']).toContain(started.status);

    expect(
      await call<Item[]>('searches', 'find_run', { tracker_id: tracker.id, run_id: done.id }),
    ).toMatchObject([{ id: done.id, status: 'completed' }]);
    expect(
      await call<Item[]>('searches', 'find_run', { tracker_id: tracker.id, run_id: 'run_missing' }),
    ).toEqual([]);
  });

  it('a wait that outlasts its bound names the run', async () => {
    const tracker = await newTracker('Slow');
    await expect(
      call('creates', 'run_tracker', {
        tracker_id: tracker.id,
        context: JSON.stringify({ emulator: { delay_ms: 3000 } }),
        wait: 'true',
        wait_seconds: '1',
      }),
    ).rejects.toThrow(/run run_\S+ is still going after 1 s/);
  });

  it('uploads rows to the vault in as many requests as the limits need', async () => {
    const tracker = await newTracker('Vault');
    const rows = JSON.stringify([
      { supplier: 'ACME', days_late: 3 },
      { supplier: 'Globex', days_late: 0 },
    ]);
    const out = await call('creates', 'upload_rows', {
      tracker_id: tracker.id,
      source_name: 'deliveries',
      rows,
    });
    expect(out).toMatchObject({ id: out.source_id, batches: 1, rows_processed: 2 });
    await expect(
      call('creates', 'upload_rows', { tracker_id: tracker.id, source_name: 'deliveries', rows: '[1, 2]' }),
    ).rejects.toThrow(/invalid/);
  });

  it('uploads a file from a URL or a hydrated file, named by its URL or Content-Disposition', async () => {
    const tracker = await newTracker('Vault files');
    const uploads = () => emu.requests.count({ operation_id: 'uploadVaultData', tracker_id: tracker.id });
    const pdf = await call('creates', 'upload_file', {
      tracker_id: tracker.id,
      file: `${filesUrl}/reports/deliveries.pdf`,
    });
    expect(pdf).toMatchObject({ id: pdf.source_id, name: 'deliveries.pdf', source_type: 'PDF' });
    const png = await call('creates', 'upload_file', {
      tracker_id: tracker.id,
      file: `${filesUrl}/hydrate/abc123`,
      description: 'Weekly delivery chart',
      source_name: 'chart',
    });
    expect(png).toMatchObject({ id: png.source_id, name: 'chart', source_type: 'PNG' });
    const md = await call('creates', 'upload_file', {
      tracker_id: tracker.id,
      file: `${filesUrl}/hydrate/named`,
    });
    expect(md).toMatchObject({ name: 'notes v2.md' });
    // The File Name field wins over the name the download comes with.
    const renamed = await call('creates', 'upload_file', {
      tracker_id: tracker.id,
      file: `${filesUrl}/hydrate/named`,
      filename: 'readme.txt',
    });
    expect(renamed).toMatchObject({ name: 'readme.txt', source_type: 'TXT' });
    expect(uploads()).toBe(4);
  });

  it('refuses a file the rules refuse before sending it, and fails on a download error', async () => {
    const tracker = await newTracker('Vault refusals');
    const uploads = () => emu.requests.count({ operation_id: 'uploadVaultData', tracker_id: tracker.id });
    const upload = (inputData: Record<string, unknown>) =>
      call('creates', 'upload_file', { tracker_id: tracker.id, ...inputData });
    // An image needs a description (the core's rule, through the client).
    await expect(upload({ file: `${filesUrl}/hydrate/abc123` })).rejects.toThrow(/invalid description/);
    // The bytes must be what the extension says.
    await expect(upload({ file: `${filesUrl}/hydrate/named`, filename: 'notes.pdf' })).rejects.toThrow(
      /invalid file/,
    );
    await expect(upload({ file: `${filesUrl}/hydrate/abc123`, filename: 'chart.exe' })).rejects.toThrow(
      /invalid file/,
    );
    expect(uploads()).toBe(0);
    await expect(upload({ file: `${filesUrl}/missing.pdf` })).rejects.toThrow(/404/);
    expect(uploads()).toBe(0);
  });

  it('a 429 that outlasts the retries becomes a ThrottledError with the Retry-After', async () => {
    const tracker = await newTracker('Throttled');
    emu.faults.add({
      operation_id: 'listRuns',
      tracker_id: tracker.id,
      kind: 'status',
      status: 429,
      retry_after: 0,
    });
    try {
      const error = (await call('triggers', 'new_signal', { tracker_id: tracker.id }).catch(
        (e: Error) => e,
      )) as Error;
      expect(error.name).toBe('ThrottledError');
      // The client resent after Retry-After before giving up: 1 + its retries.
      expect(emu.requests.count({ operation_id: 'listRuns', tracker_id: tracker.id })).toBe(4);
    } finally {
      emu.faults.clear();
    }
  });
});

describe('polling triggers', () => {
  it('New Signal: newest first, unique ids, no history on the first poll', async () => {
    const tracker = await newTracker('Signals');
    const history = [];
    for (let i = 0; i < 4; i++) history.push((await runNow(tracker.id, { emulator: { score: i } })).id);
    await runNow(tracker.id, { emulator: { fail: 'upstream down' } });

    const zap = dedupe();
    const firstPoll = await call<Item[]>(
      'triggers',
      'new_signal',
      { tracker_id: tracker.id },
      { isPopulatingDedupe: true },
    );
    expect(firstPoll.map((r) => r.id)).toEqual([...history].reverse()); // newest first, failed run left out
    expect(new Set(firstPoll.map((r) => r.id)).size).toBe(firstPoll.length);
    zap.first(firstPoll);

    expect(zap.fresh(await call<Item[]>('triggers', 'new_signal', { tracker_id: tracker.id }))).toEqual([]);
    const next = [
      (await runNow(tracker.id, { emulator: { score: 9 } })).id,
      (await runNow(tracker.id, { emulator: { score: 1 } })).id,
    ];
    const poll = await call<Item[]>('triggers', 'new_signal', { tracker_id: tracker.id });
    expect(poll.slice(0, 2).map((r) => r.id)).toEqual([...next].reverse());
    expect(zap.fresh(poll).sort()).toEqual([...next].sort());
    expect(zap.fresh(await call<Item[]>('triggers', 'new_signal', { tracker_id: tracker.id }))).toEqual([]);

    // Loading a sample in the editor asks for three, as Zapier's editor shows.
    const sample = await call<Item[]>(
      'triggers',
      'new_signal',
      { tracker_id: tracker.id },
      { isLoadingSample: true },
    );
    expect(sample.map((r) => r.id)).toEqual(poll.slice(0, 3).map((r) => r.id));
  });

  it('Run Failed: only failed runs, with the error message', async () => {
    const tracker = await newTracker('Failing');
    await runNow(tracker.id, { emulator: { score: 5 } });
    const failed = await call('creates', 'run_tracker', {
      tracker_id: tracker.id,
      context: JSON.stringify({ emulator: { fail: 'upstream down' } }),
      wait: true,
    });
    expect(failed.status).toBe('failed');
    const poll = await call<Item[]>('triggers', 'run_failed', { tracker_id: tracker.id });
    expect(poll.map((r) => [r.id, r.status, r.error_message])).toEqual([
      [failed.id, 'failed', 'upstream down'],
    ]);
  });

  it('New Alert: the runs that raised an alert, newest first', async () => {
    const tracker = await newTracker('Alerting', {
      email_enabled: true,
      notify_below: true,
      lower_threshold: 3,
    });
    const zap = dedupe();
    zap.first(
      await call<Item[]>('triggers', 'new_alert', { tracker_id: tracker.id }, { isPopulatingDedupe: true }),
    );
    const low = (await runNow(tracker.id, { emulator: { score: 2 } })).id;
    await runNow(tracker.id, { emulator: { score: 8 } }); // within bounds: no alert
    const lower = (await runNow(tracker.id, { emulator: { score: 1 } })).id;
    const poll = await call<Item[]>('triggers', 'new_alert', { tracker_id: tracker.id });
    expect(poll.map((r) => r.id)).toEqual([lower, low]);
    expect(zap.fresh(poll)).toEqual([lower, low]);
  });
});

describe('the network guard', () => {
  it('refused nothing but the hosted address the test aimed at on purpose', () => {
    expect(refused().filter((host) => host !== new URL(HOSTED_BASE_URL).hostname)).toEqual([]);
  });
});
