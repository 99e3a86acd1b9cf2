// upload_vault_data from a file under --files-root or an http(s) URL: one small call for any
// number of rows, streamed through the client's batching uploader, with progress.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;
let trackerId: string;
let dir: string;
let files: Server;
let filesUrl: string;

const ROWS = Array.from({ length: 2500 }, (_, i) => ({ sku: `S-${i}`, late_days: i % 13, ok: i % 2 === 0 }));
const CONTENT: Record<string, string> = {
  'rows.json': JSON.stringify(ROWS),
  'rows.jsonl': `${ROWS.map((row) => JSON.stringify(row)).join('\n')}\n`,
  'rows.csv': `sku,late_days,ok\n${ROWS.map((r) => `${r.sku},${r.late_days},${r.ok}`).join('\n')}\n`,
  'bad.jsonl': '{"a":1}\n[2]\n',
};

beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-rows-'));
  for (const [name, text] of Object.entries(CONTENT)) await writeFile(join(dir, name), text);
  // A real HTTP file server on loopback (so the test allows private URLs).
  files = createServer((req, res) => {
    const name = (req.url ?? '/').slice(1).split('?')[0] ?? '';
    const text = name === 'data/export' ? CONTENT['rows.csv'] : CONTENT[name];
    if (text === undefined) return void res.writeHead(404).end('no such file');
    res.writeHead(200, {
      'content-type': name.startsWith('data/') ? 'text/csv' : 'application/octet-stream',
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  mcp = await connectInMemory(emulator, { filesRoots: [dir], allowPrivateUrls: true });
  trackerId = structured<{ tracker_id: string }>(
    await call(mcp.client, 'create_tracker', trackerArgs(emulator.spaceId)),
  ).tracker_id;
});
afterAll(async () => {
  await mcp?.close();
  await emulator?.close();
  files?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sourceCount = async (sourceId: string) =>
  structured<{ data_count: number }>(
    await call(mcp.client, 'get_vault_source', { tracker_id: trackerId, source_id: sourceId }),
  ).data_count;

describe('upload_vault_data from a file or URL', () => {
  it.each([
    ['a .json array', () => ({ path: 'rows.json' })],
    ['a .jsonl file', () => ({ path: join(dir, 'rows.jsonl') })],
    ['a .csv file', () => ({ path: 'rows.csv' })],
    ['a URL by extension', () => ({ url: `${filesUrl}/rows.jsonl` })],
    ['a URL by content type', () => ({ url: `${filesUrl}/data/export` })],
  ])('uploads 2,500 rows from %s in one call, in batches, with progress', async (name, args) => {
    const progress: number[] = [];
    const result = await mcp.client.callTool(
      {
        name: 'upload_vault_data',
        arguments: { tracker_id: trackerId, source_name: `from ${name}`, ...args() },
      },
      undefined,
      { onprogress: (p) => void progress.push(p.progress) },
    );
    const uploaded = structured<{ source_id: string; batches: number; rows_processed: number }>(
      result as never,
    );
    expect(uploaded).toMatchObject({ batches: 3, rows_processed: 2500 });
    expect(progress).toEqual([1000, 2000, 2500]);
    expect(await sourceCount(uploaded.source_id)).toBe(2500);
  });

  it('CSV values become JSON numbers and booleans, fields named by the header', async () => {
    const uploaded = structured<{ source_id: string }>(
      await call(mcp.client, 'upload_vault_data', {
        tracker_id: trackerId,
        source_name: 'typed csv',
        path: 'rows.csv',
        skip_rows: 2497,
      }),
    );
    expect(await sourceCount(uploaded.source_id)).toBe(3);
    const recent = structured<{ items: { content: string; source_name: string }[] }>(
      await call(mcp.client, 'get_vault_recent', { tracker_id: trackerId, limit: 100, max_chars: 500 }),
    );
    const contents = recent.items.filter((item) => item.source_name === 'typed csv').map((i) => i.content);
    expect(contents.join('\n')).toContain('"late_days":1');
    expect(contents.join('\n')).toMatch(/"ok":(true|false)/);
  });

  it.each([
    ['none of rows, path, url', {}, /`rows`: give exactly one of rows, path or url/],
    ['both rows and path', { rows: [{ a: 1 }], path: 'rows.csv' }, /give exactly one of rows, path or url/],
    ['a row that is not an object', { path: 'bad.jsonl' }, /`path`: line 2 is not a JSON object/],
    ['an unknown extension', { path: 'nope.txt' }, /`path`: no readable file/],
    ['a ftp URL', { url: 'ftp://example.com/rows.csv' }, /`url`: only http and https URLs/],
    ['a missing URL', { url: 'http://127.0.0.1:1/x.csv' }, /`url`: cannot fetch/],
  ])('refuses %s naming the argument', async (_name, args, want) => {
    const result = await call(mcp.client, 'upload_vault_data', {
      tracker_id: trackerId,
      source_name: 'refused',
      ...args,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(want);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:9/rows.csv'],
    ['localhost by name', 'http://localhost:9/rows.csv'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['a private network', 'http://10.1.2.3/rows.csv'],
  ])('does not fetch %s unless the operator allows private URLs', async (_name, url) => {
    const strict = await connectInMemory(emulator);
    try {
      const result = await call(strict.client, 'upload_vault_data', {
        tracker_id: trackerId,
        source_name: 'ssrf',
        url,
      });
      expect(textOf(result)).toMatch(
        /`url`: \S+ (is|resolves to) an? [a-z-]+ address; this server fetches only public internet addresses/,
      );
    } finally {
      await strict.close();
    }
  });
});
