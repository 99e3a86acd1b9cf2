// No tool call stops the server: every tool's error paths over both transports, each against the
// trackerkit-mcp command in a process of its own (stdio started by the SDK's client, HTTP on port
// 0), and after each one a good call still succeeds. Files: directories, a FIFO, a device, links in
// and out of the root, a file over the limit, malformed rows. URLs (on loopback, allowed with
// --allow-private-urls): truncated gzip, a decompression bomb (peak memory measured), the wrong
// type, resets, a body that never ends.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toolDefinitions } from '../../src/index.ts';
import { trackerArgs } from './harness.ts';
import {
  expectAlive,
  hostileWorld,
  memoryOf,
  type ServerProcess,
  startOnHostileFixtures,
  TRANSPORTS,
  textOf,
} from './server-processes.ts';

const world = hostileWorld();

const LIMIT_RULE = /more than 10,000,000 bytes.*--max-upload-bytes/;

/** upload_vault_data by path: what the server must answer, naming the argument and the rule. */
const DATA_PATHS: [string, { given: Record<string, unknown>; want: RegExp }][] = [
  [
    'a directory',
    { given: { path: 'sub', format: 'csv' }, want: /`path`: sub is a directory, not a regular file/ },
  ],
  ['the root itself', { given: { path: '.', format: 'csv' }, want: /`path`: \. is a directory/ }],
  ['a directory named .csv', { given: { path: 'sub.csv' }, want: /`path`: sub\.csv is a directory/ }],
  [
    'a link to a directory',
    { given: { path: 'to-sub', format: 'json' }, want: /`path`: to-sub is a directory/ },
  ],
  ['a FIFO', { given: { path: 'pipe.csv' }, want: /`path`: pipe\.csv is a FIFO/ }],
  ['a link to a FIFO', { given: { path: 'to-pipe.csv' }, want: /`path`: to-pipe\.csv is a FIFO/ }],
  [
    'a device',
    { given: { path: '/dev/zero', format: 'csv' }, want: /`path`: \/dev\/zero is a character device/ },
  ],
  ['a link out of the root', { given: { path: 'to-secret.csv' }, want: /`path`: to-secret\.csv is outside/ }],
  ['.. out of the root', { given: { path: '../elsewhere/secret.csv' }, want: /is outside the directories/ }],
  ['a dangling link', { given: { path: 'dangling.csv' }, want: /`path`: no readable file at dangling\.csv/ }],
  ['a missing file', { given: { path: 'missing.csv' }, want: /`path`: no readable file at missing\.csv/ }],
  ['a NUL in the path', { given: { path: 'rows\u0000.csv' }, want: /`path`: / }],
  ['a file over the limit', { given: { path: 'big.csv' }, want: /`path`: big\.csv holds 10,000,001 bytes/ }],
  ['an unknown format', { given: { path: 'notes.txt' }, want: /`path`: cannot tell the format/ }],
  ['invalid JSON', { given: { path: 'bad.json' }, want: /`path`: not valid JSON/ }],
  ['JSON that is not an array', { given: { path: 'not-array.json' }, want: /`path`: .*an array of objects/ }],
  [
    'rows that are not objects',
    { given: { path: 'primitive-rows.json' }, want: /`path`: row 0 is not a JSON object/ },
  ],
  ['text after the array', { given: { path: 'trailing.json' }, want: /`path`: not valid JSON/ }],
  [
    'a row nested 100,000 deep',
    { given: { path: 'deep.json' }, want: /`path`: row 0 is nested deeper than 510 levels/ },
  ],
  [
    'a line nested 100,000 deep',
    { given: { path: 'deep.jsonl' }, want: /`path`: line 1 is nested deeper than 510/ },
  ],
  ['invalid CSV', { given: { path: 'bad.csv' }, want: /`path`: not valid CSV/ }],
  ['invalid JSONL', { given: { path: 'bad.jsonl' }, want: /`path`: line 2 is not valid JSON/ }],
  ['an empty file', { given: { path: 'empty.csv' }, want: /no rows/ }],
];

const CANNOT_FETCH = (why: string) => new RegExp(`\`url\`: cannot fetch \\S+ \\(.*(${why})`);

/** upload_vault_data by URL: hostile bodies from the loopback server. */
const DATA_URLS: [string, { given: string; want: RegExp }][] = [
  ['truncated gzip (CSV)', { given: '/truncated.csv', want: CANNOT_FETCH('unexpected end of file') }],
  ['truncated gzip (JSON)', { given: '/truncated.json', want: CANNOT_FETCH('unexpected end of file') }],
  ['truncated gzip (JSONL)', { given: '/truncated.jsonl', want: CANNOT_FETCH('unexpected end of file') }],
  ['a body that is not gzip', { given: '/not-gzip.csv', want: CANNOT_FETCH('incorrect header check') }],
  ['a decompression bomb (CSV)', { given: '/bomb.csv', want: LIMIT_RULE }],
  [
    'an unknown content-encoding',
    { given: '/compress.csv', want: /content-encoding compress, which is not read/ },
  ],
  ['the wrong content type', { given: '/export', want: /`url`: cannot tell the format/ }],
  ['an HTML page for JSON', { given: '/page.json', want: /`url`: not valid JSON/ }],
  ['a server error', { given: '/error.csv', want: /`url`: fetching \S+ answered 500/ }],
  ['a missing file', { given: '/missing.csv', want: /`url`: fetching \S+ answered 404/ }],
  [
    'a reset before the answer',
    { given: '/reset-before.csv', want: CANNOT_FETCH('socket hang up|ECONNRESET') },
  ],
  ['a reset mid-body', { given: '/reset-mid.csv', want: CANNOT_FETCH('aborted|ECONNRESET') }],
  [
    'a body shorter than its length',
    { given: '/short.csv', want: CANNOT_FETCH('aborted|premature|ECONNRESET') },
  ],
];

/** upload_vault_file by path. */
const FILE_PATHS: [string, { given: string; want: RegExp }][] = [
  ['a directory', { given: 'sub.csv', want: /`path`: sub\.csv is a directory/ }],
  ['the root itself', { given: '.', want: /`path`: \. is a directory/ }],
  ['a FIFO', { given: 'pipe.csv', want: /`path`: pipe\.csv is a FIFO/ }],
  ['a device', { given: '/dev/zero', want: /`path`: \/dev\/zero is a character device/ }],
  ['a link out of the root', { given: 'to-secret.csv', want: /`path`: to-secret\.csv is outside/ }],
  ['a missing file', { given: 'missing.csv', want: /`path`: no readable file/ }],
  ['a file over the limit', { given: 'big.csv', want: /`path`: the file exceeds 10000000 bytes/ }],
];

const MISSING = {
  space_id: 'spc_missing',
  tracker_id: 'trk_missing',
  run_id: 'run_missing',
  source_id: 'src_missing',
};

/** Every tool with ids the service never issued: a 404, said as the tool's error. */
const MISSING_IDS: [string, Record<string, unknown>][] = [
  ['get_space', { space_id: MISSING.space_id }],
  ['list_trackers', { space_id: MISSING.space_id }],
  ['create_tracker', trackerArgs(MISSING.space_id)],
  ['get_tracker', { tracker_id: MISSING.tracker_id }],
  ['update_tracker', { tracker_id: MISSING.tracker_id, name: 'renamed' }],
  ['delete_tracker', { tracker_id: MISSING.tracker_id }],
  ['run_tracker', { tracker_id: MISSING.tracker_id, wait: false }],
  ['get_run', { tracker_id: MISSING.tracker_id, run_id: MISSING.run_id }],
  ['list_runs', { tracker_id: MISSING.tracker_id }],
  ['delete_run', { tracker_id: MISSING.tracker_id, run_id: MISSING.run_id }],
  ['upload_vault_data', { tracker_id: MISSING.tracker_id, source_name: 's', rows: [{ a: 1 }] }],
  [
    'upload_vault_file',
    { tracker_id: MISSING.tracker_id, content_base64: btoa('a,b\n1,2\n'), filename: 'a.csv' },
  ],
  ['list_vault_sources', { tracker_id: MISSING.tracker_id }],
  ['get_vault_source', { tracker_id: MISSING.tracker_id, source_id: MISSING.source_id }],
  ['update_vault_source', { tracker_id: MISSING.tracker_id, source_id: MISSING.source_id, name: 'x' }],
  ['delete_vault_source', { tracker_id: MISSING.tracker_id, source_id: MISSING.source_id }],
  ['get_vault_recent', { tracker_id: MISSING.tracker_id }],
];

/** Arguments no tool accepts: each named argument of the wrong type, or one it does not know. */
const badArguments = (tool: (typeof toolDefinitions)[number]) => {
  const names = Object.keys(tool.input.shape);
  return [
    Object.fromEntries(names.map((name) => [name, { nested: [null, { deeper: true }] }])),
    Object.fromEntries(names.map((name) => [name, 'x'.repeat(100_000)])),
    { ...Object.fromEntries(names.map((name) => [name, -1])), unknown_argument: true },
  ];
};

describe.each(TRANSPORTS)('over %s, no call stops the server', (transport, start) => {
  let server: ServerProcess;
  let trackerId: string;

  beforeAll(async () => {
    ({ server, trackerId } = await startOnHostileFixtures(start, world, `Hostile ${transport}`));
  });
  afterAll(async () => {
    await server?.close();
  });

  const callTool = async (name: string, args: Record<string, unknown>) =>
    server.client.callTool({ name, arguments: args });

  async function expectRefused(name: string, args: Record<string, unknown>, want: RegExp) {
    const result = await callTool(name, args).catch((error: Error) => {
      throw new Error(`${error.message}\nstderr of the server:\n${server.stderr().slice(-3000)}`);
    });
    expect(result.isError, textOf(result)).toBe(true);
    expect(textOf(result)).toMatch(want);
    await expectAlive(server);
  }

  it('a decompression bomb (1 MB of gzip, 1 GiB decoded, JSON): refused at the limit, peak memory bounded', async () => {
    const before = memoryOf(server.pid);
    const args = { tracker_id: trackerId, source_name: 'bomb', url: `${world.fixtures.urlBase}/bomb.json` };
    const result = await callTool('upload_vault_data', args);
    const after = memoryOf(server.pid);
    console.info(
      `${transport}: RSS before the bomb ${before.rssMb} MB (peak ${before.peakMb} MB), peak after ${after.peakMb} MB`,
    );
    expect(textOf(result)).toMatch(LIMIT_RULE);
    expect(after.peakMb - before.peakMb).toBeLessThan(100);
    await expectAlive(server);
  });

  it.each(DATA_PATHS)('upload_vault_data, path: %s', async (_name, { given, want }) => {
    await expectRefused('upload_vault_data', { tracker_id: trackerId, source_name: 'files', ...given }, want);
  });

  it.each(DATA_URLS)('upload_vault_data, url: %s', async (_name, { given, want }) => {
    const args = { tracker_id: trackerId, source_name: 'urls', url: `${world.fixtures.urlBase}${given}` };
    await expectRefused('upload_vault_data', args, want);
  });

  it.each(FILE_PATHS)('upload_vault_file, path: %s', async (_name, { given, want }) => {
    await expectRefused('upload_vault_file', { tracker_id: trackerId, path: given }, want);
  });

  it('a body that never ends: the client gives up, the server closes the connection and lives on', async () => {
    const args = { tracker_id: trackerId, source_name: 'never', url: `${world.fixtures.urlBase}/never.csv` };
    if (transport === 'stdio') {
      // The SDK's client cancels the request on its timeout (notifications/cancelled).
      await expect(
        server.client.callTool({ name: 'upload_vault_data', arguments: args }, { timeout: 1000 }),
      ).rejects.toThrow(/time/i);
    } else {
      // Over stateless HTTP a cancellation reaches no one: the client goes away instead.
      const other = await server.connectAnother();
      const pending = other
        .callTool({ name: 'upload_vault_data', arguments: args })
        .catch((error: Error) => error);
      await vi.waitFor(() => expect(world.fixtures.openNever.size).toBe(1), {
        timeout: 20_000,
        interval: 50,
      });
      await other.close();
      expect(await pending).toBeInstanceOf(Error);
    }
    await vi.waitFor(() => expect(world.fixtures.openNever.size).toBe(0), { timeout: 20_000, interval: 50 });
    await expectAlive(server);
  });

  it.each(MISSING_IDS)('%s with ids the service never issued', async (name, args) => {
    await expectRefused(name, args, /not found|404|does not exist|no such/i);
  });

  it.each(toolDefinitions.map((tool) => [tool.name, tool] as const))(
    '%s with arguments of the wrong type, too long or unknown',
    async (_name, tool) => {
      for (const args of badArguments(tool)) {
        const result = await callTool(tool.name, args);
        expect(result.isError, textOf(result)).toBe(true);
        expect(textOf(result)).toMatch(new RegExp(`${tool.name}|\``));
      }
      await expectAlive(server);
    },
  );

  it('after all of it, good uploads by path and by URL still succeed', async () => {
    for (const source of [
      { path: 'rows.csv' },
      { path: 'rows.json' },
      { url: `${world.fixtures.urlBase}/rows.csv` },
    ]) {
      const result = await callTool('upload_vault_data', {
        tracker_id: trackerId,
        source_name: 'good',
        ...source,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect((result.structuredContent as { rows_processed: number }).rows_processed).toBe(2);
    }
    const file = await callTool('upload_vault_file', { tracker_id: trackerId, path: 'notes.txt' });
    expect(file.isError, textOf(file)).toBeFalsy();
    await expectAlive(server);
  });
});

describe('over stdio, a client that stops reading', () => {
  it('the answers it no longer reads are dropped, and the process ends cleanly when stdin closes', async () => {
    const bin = fileURLToPath(new URL('../../src/bin.ts', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=trackerkit-source', bin], {
      env: {
        PATH: process.env.PATH ?? '',
        TRACKER_API_URL: world.emulator.baseUrl,
        TRACKER_API_TOKEN: world.emulator.token,
      },
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = once(child, 'exit');
    // The client closes its end of the answers' pipe: every write of the server fails (EPIPE).
    child.stdout.destroy();
    const request = (id: number, method: string, params: Record<string, unknown>) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'gone', version: '0' },
    });
    await vi.waitFor(() => expect(stderr).toContain('stdout failed'), { timeout: 20_000, interval: 50 });
    request(2, 'tools/list', {});
    request(3, 'tools/call', { name: 'list_spaces', arguments: {} });
    child.stdin.end();
    const [code] = await exited;
    expect(stderr).not.toContain("Unhandled 'error' event");
    expect(code, stderr).toBe(0);
  });
});
