// A URL's body into a temporary file, against a real HTTP server on loopback: the server's own
// bounds (no byte for a while, too long in all, too many bytes once decoded) end the download
// with an error naming them, close the connection and leave no file behind.
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadUrl, type UrlTimeBounds } from '../../src/files/url-download.ts';

let server: Server;
let base: string;
let temp: string;
const savedTmpdir = process.env.TMPDIR;
const open = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();

const BODY = 'sku,late_days\nA-1,3\n';

const ROUTES: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/rows.csv': (_req, res) => void res.writeHead(200, { 'content-type': 'text/csv' }).end(BODY),
  '/rows.csv.gz': (_req, res) => void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(BODY)),
  '/silent': (_req, res) => {
    res.writeHead(200);
    res.write('sku\n');
  },
  '/trickle': (_req, res) => {
    res.writeHead(200);
    const timer = setInterval(() => res.write('a'), 20);
    timers.add(timer);
    res.once('close', () => clearInterval(timer));
  },
  '/no-answer': () => {},
};

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'trackerkit-download-'));
  // Where the downloads' temporary files go (os.tmpdir() reads it each time).
  process.env.TMPDIR = temp;
  server = createServer((req, res) => {
    open.add(req.socket);
    req.socket.once('close', () => open.delete(req.socket));
    const route = ROUTES[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  // Nothing left behind, and no connection left open by the downloader.
  expect(await readdir(temp)).toEqual([]);
  await vi.waitFor(() => expect(open.size).toBe(0), { timeout: 5000, interval: 20 });
});
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server?.closeAllConnections();
  server?.close();
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  if (temp) await rm(temp, { recursive: true, force: true });
});

const download = (
  path: string,
  limit = 1000,
  bounds?: UrlTimeBounds,
  signal = new AbortController().signal,
) => downloadUrl(`${base}${path}`, { allowPrivate: true, bounds }, signal, limit);

describe('downloadUrl', () => {
  it.each([
    ['a plain body', '/rows.csv'],
    ['a gzip body, decoded', '/rows.csv.gz'],
    ['a body of exactly the limit', '/rows.csv'],
  ])('%s: kept whole, removed on close', async (name, path) => {
    const body = await download(path, name.includes('exactly') ? Buffer.byteLength(BODY) : 1000);
    try {
      expect(await readFile(body.handle)).toEqual(Buffer.from(BODY));
    } finally {
      await body.close();
    }
  });

  it.each([
    [
      'one byte over the limit',
      '/rows.csv',
      /rows\.csv holds more than 19 bytes, the most .*--max-upload-bytes/,
    ],
    ['one byte over the limit once decoded', '/rows.csv.gz', /holds more than 19 bytes/],
  ])('%s', async (_name, path, want) => {
    await expect(download(path, Buffer.byteLength(BODY) - 1)).rejects.toThrow(want);
  });

  it.each([
    [
      'a body that stops sending',
      '/silent',
      { idleMs: 200, totalMs: 30_000 },
      /`url`: \S+ sent nothing for 0\.2 s/,
    ],
    [
      'a body that never ends, a byte at a time',
      '/trickle',
      { idleMs: 5000, totalMs: 300 },
      /`url`: \S+ did not send its whole body within 0\.3 s/,
    ],
    [
      'a server that never answers',
      '/no-answer',
      { idleMs: 5000, totalMs: 300 },
      /did not send its whole body within 0\.3 s/,
    ],
  ])('%s ends at the bound', async (_name, path, bounds, want) => {
    await expect(download(path, 1_000_000, bounds)).rejects.toThrow(want);
  });

  it('a call cancelled meanwhile ends the download with its reason', async () => {
    const stop = new AbortController();
    const pending = download('/silent', 1000, { idleMs: 30_000, totalMs: 30_000 }, stop.signal);
    await vi.waitFor(() => expect(open.size).toBe(1), { timeout: 5000, interval: 20 });
    stop.abort(new Error('the client cancelled'));
    await expect(pending).rejects.toThrow('the client cancelled');
  });
});
