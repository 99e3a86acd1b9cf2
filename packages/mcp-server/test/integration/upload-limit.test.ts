// The operator's upload limit (maxUploadBytes, --max-upload-bytes) holds for every way a tool
// reads bytes: a rows file, a file for upload_vault_file, a URL's decoded body; each refusal names
// the limit and where to set it, and nothing is sent to the service.
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RunningEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectInMemory, startTestEmulator, structured, textOf, trackerArgs } from './harness.ts';

const CSV = 'sku,late_days\nA-1,3\nA-2,5\n'; // 26 bytes
const LIMIT = 25;

let emulator: RunningEmulator;
let dir: string;
let files: Server;
let urlBase: string;
let trackerId: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  dir = await mkdtemp(join(tmpdir(), 'trackerkit-upload-limit-'));
  await writeFile(join(dir, 'rows.csv'), CSV);
  await writeFile(join(dir, 'notes.txt'), CSV);
  files = createServer((req, res) => {
    if (req.url === '/rows.csv.gz')
      return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(CSV));
    res.writeHead(200, { 'content-type': 'text/csv' }).end(CSV);
  });
  files.listen(0, '127.0.0.1');
  await once(files, 'listening');
  urlBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const setup = await connectInMemory(emulator);
  trackerId = structured<{ tracker_id: string }>(
    await call(setup.client, 'create_tracker', trackerArgs(emulator.spaceId, 'Upload limit')),
  ).tracker_id;
  await setup.close();
});
afterAll(async () => {
  files?.close();
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const RULE = `more than ${LIMIT} bytes, the most this server reads from a file or from a URL's decoded body (--max-upload-bytes, env TRACKERKIT_MCP_MAX_UPLOAD_BYTES)`;

describe('maxUploadBytes', () => {
  const CASES: [string, { given: () => { tool: string; args: Record<string, unknown> }; want: string }][] = [
    [
      'rows from a file',
      {
        given: () => ({ tool: 'upload_vault_data', args: { source_name: 'limit', path: 'rows.csv' } }),
        want: '`path`: rows.csv holds 26 bytes, ',
      },
    ],
    [
      'rows from a URL',
      {
        given: () => ({
          tool: 'upload_vault_data',
          args: { source_name: 'limit', url: `${urlBase}/rows.csv` },
        }),
        want: '`url`: ',
      },
    ],
    [
      'rows from a gzip URL, decoded',
      {
        given: () => ({
          tool: 'upload_vault_data',
          args: { source_name: 'limit', url: `${urlBase}/rows.csv.gz` },
        }),
        want: '`url`: ',
      },
    ],
    [
      'a file for the vault',
      {
        given: () => ({ tool: 'upload_vault_file', args: { path: 'notes.txt' } }),
        want: '`path`: notes.txt holds 26 bytes, ',
      },
    ],
  ];

  it.each(CASES)('%s over the limit is refused, naming it', async (_name, { given, want }) => {
    const { tool, args } = given();
    const mcp = await connectInMemory(emulator, {
      filesRoots: [dir],
      allowPrivateUrls: true,
      maxUploadBytes: LIMIT,
    });
    try {
      const result = await call(mcp.client, tool, { tracker_id: trackerId, ...args });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(want);
      expect(textOf(result)).toContain(RULE);
      const sources = structured<{ items: unknown[] }>(
        await call(mcp.client, 'list_vault_sources', { tracker_id: trackerId }),
      );
      expect(sources.items).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  it('at the limit, the same rows go through', async () => {
    const mcp = await connectInMemory(emulator, {
      filesRoots: [dir],
      allowPrivateUrls: true,
      maxUploadBytes: 26,
    });
    try {
      for (const source of [{ path: 'rows.csv' }, { url: `${urlBase}/rows.csv.gz`, format: 'csv' }]) {
        const result = await call(mcp.client, 'upload_vault_data', {
          tracker_id: trackerId,
          source_name: 'at the limit',
          ...source,
        });
        expect(structured<{ rows_processed: number }>(result).rows_processed).toBe(2);
      }
    } finally {
      await mcp.close();
    }
  });
});
