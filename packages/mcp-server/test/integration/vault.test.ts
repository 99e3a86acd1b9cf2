import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

let emulator: RunningEmulator;
let mcp: Awaited<ReturnType<typeof connectInMemory>>;
let trackerId: string;
let dir: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-mcp-'));
  mcp = await connectInMemory(emulator, { filesRoots: [dir] });
  await symlink('/etc/passwd', join(dir, 'escape.txt'));
  trackerId = structured<{ tracker_id: string }>(
    await call(mcp.client, 'create_tracker', trackerArgs(emulator.spaceId)),
  ).tracker_id;
});
afterAll(async () => {
  await mcp?.close();
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Uploaded {
  source_id: string;
  name: string;
  source_type: string;
  data_count: number;
  is_new_source: boolean;
}

describe('vault tools', () => {
  it('uploads a file from a path on the server machine', async () => {
    const path = join(dir, 'deliveries.csv');
    await writeFile(path, 'sku,late_days\nA-1,4\nB-7,0\n');
    const uploaded = structured<Uploaded>(
      await call(mcp.client, 'upload_vault_file', { tracker_id: trackerId, path }),
    );
    expect(uploaded).toMatchObject({ name: 'deliveries.csv', source_type: 'CSV', is_new_source: true });
    const recent = structured<{ items: { content_type: string; source_name: string }[]; total: number }>(
      await call(mcp.client, 'get_vault_recent', { tracker_id: trackerId, content_types: ['json'] }),
    );
    expect(recent.items.length).toBeGreaterThan(0);
    expect(
      recent.items.every((item) => item.content_type === 'json' && item.source_name === 'deliveries.csv'),
    ).toBe(true);
  });

  it('uploads base64 content with a filename, then renames and deletes the source', async () => {
    const content_base64 = Buffer.from(`# Notes\n\n${'Supplier call went well. '.repeat(60)}`).toString(
      'base64',
    );
    const uploaded = structured<Uploaded>(
      await call(mcp.client, 'upload_vault_file', {
        tracker_id: trackerId,
        content_base64,
        filename: 'notes.md',
        source_name: 'call-notes',
      }),
    );
    expect(uploaded).toMatchObject({ name: 'call-notes', source_type: 'MD' });
    const recent = structured<{ items: { content: string }[] }>(
      await call(mcp.client, 'get_vault_recent', {
        tracker_id: trackerId,
        content_types: ['text'],
        max_chars: 40,
      }),
    );
    const cut = recent.items[0]?.content ?? '';
    expect(cut.startsWith('# Notes')).toBe(true);
    expect(cut).toHaveLength(41);
    expect(cut.endsWith('…')).toBe(true);

    const renamed = structured<Uploaded>(
      await call(mcp.client, 'update_vault_source', {
        tracker_id: trackerId,
        source_id: uploaded.source_id,
        name: 'supplier-calls',
      }),
    );
    expect(renamed.name).toBe('supplier-calls');
    const got = structured<Uploaded>(
      await call(mcp.client, 'get_vault_source', { tracker_id: trackerId, source_id: uploaded.source_id }),
    );
    expect(got.name).toBe('supplier-calls');
    await call(mcp.client, 'delete_vault_source', { tracker_id: trackerId, source_id: uploaded.source_id });
    const list = structured<{ items: { source_id: string }[] }>(
      await call(mcp.client, 'list_vault_sources', { tracker_id: trackerId }),
    );
    expect(list.items.map((s) => s.source_id)).not.toContain(uploaded.source_id);
  });

  it.each([
    ['neither path nor content', {}, /`path`: give exactly one of path or content_base64/],
    [
      'content without a filename',
      { content_base64: 'aGVsbG8=' },
      /`filename`: required with content_base64/,
    ],
    ['a path that is not a file', { path: 'nonexistent.txt' }, /`path`: no readable file/],
    [
      'a path outside the files root',
      { path: '/etc/passwd' },
      /`path`: \/etc\/passwd is outside the directories/,
    ],
    ['a path leaving the root with ..', { path: '../../../../etc/passwd' }, /is outside the directories/],
    ['a symlink out of the root', { path: 'escape.txt' }, /`path`: escape.txt is outside the directories/],
  ])('rejects %s naming the argument', async (_name, args, want) => {
    const result = await call(mcp.client, 'upload_vault_file', { tracker_id: trackerId, ...args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(want);
  });

  it("passes the service's own file-type check through as an actionable error", async () => {
    const result = await call(mcp.client, 'upload_vault_file', {
      tracker_id: trackerId,
      content_base64: Buffer.from('MZ binary').toString('base64'),
      filename: 'tool.exe',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/exe|type/i);
  });

  it.each([
    ['upload_vault_file', { path: '/etc/passwd' }],
    ['upload_vault_data', { source_name: 'x', path: '/etc/passwd' }],
  ])('%s reads no local file at all when no files root is configured', async (tool, args) => {
    const locked = await connectInMemory(emulator);
    try {
      const result = await call(locked.client, tool, { tracker_id: trackerId, ...args });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /`path`: this server reads no local files: its operator named no --files-root/,
      );
    } finally {
      await locked.close();
    }
  });
  it('a failure after some batches says which rows are stored, so a retry does not repeat them', async () => {
    // Row 1,000 alone exceeds a request's byte limit; the first batch (rows 0-999) is already sent.
    const rows: Record<string, unknown>[] = Array.from({ length: 1000 }, (_, i) => ({ i }));
    rows.push({ blob: 'x'.repeat(10_000_001) });
    const result = await call(mcp.client, 'upload_vault_data', {
      tracker_id: trackerId,
      source_name: 'half-done',
      rows,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/`rows\[1000\]`/);
    expect(textOf(result)).toMatch(
      /rows\[0\.\.999\] \(1000 rows, confirmed by the service\) are stored in source \S+; rows from index 1000 on are not confirmed .* call again with only the rows from index 1000 on/,
    );
  });
});
