// Hostile inputs for the upload tools, all on this machine: a files root that holds directories, a
// FIFO, links in and out of it, a file over the upload limit and malformed files; and a loopback
// HTTP server whose bodies are truncated gzip, a decompression bomb, the wrong type, a reset, a
// body that never ends. The server under test reaches it with --allow-private-urls (loopback).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LIMITS } from '@trackerkit/core';

export const GOOD_CSV = 'sku,late_days\nA-1,3\nA-2,5\n';

/** 1 MB of gzip that decodes to 1 GiB: one JSON row whose string never ends before the cap. */
function gzipBomb(head: string, tail: string): Buffer {
  const member = gzipSync(Buffer.alloc(1 << 20, 'a'), { level: 9 });
  return Buffer.concat([gzipSync(head), ...Array<Buffer>(1024).fill(member), gzipSync(tail)]);
}

const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

export interface HostileFixtures {
  /** The --files-root directory. */
  root: string;
  /** Base URL of the hostile server (http://127.0.0.1:port). */
  urlBase: string;
  /** Connections of /never that the server under test has not closed yet. */
  openNever: Set<Socket>;
  close(): Promise<void>;
}

async function makeFiles(base: string): Promise<string> {
  const root = join(base, 'root');
  const elsewhere = join(base, 'elsewhere');
  await mkdir(join(root, 'sub'), { recursive: true });
  await mkdir(join(root, 'sub.csv'));
  await mkdir(elsewhere);
  const files: Record<string, string | Buffer> = {
    'rows.csv': GOOD_CSV,
    'rows.json': JSON.stringify([{ sku: 'J-1' }, { sku: 'J-2' }]),
    'notes.txt': 'A note for the vault.\n',
    'bad.json': '[{"a":1},{"b":',
    'not-array.json': '{"a":1}',
    'primitive-rows.json': '[1,2,3]',
    'trailing.json': '[{"a":1}] x',
    'deep.json': `[{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}]`,
    'deep.jsonl': `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`,
    'bad.csv': 'a,b\n"open,1\n',
    'bad.jsonl': '{"a":1}\nnot json\n',
    'empty.csv': '',
    'big.csv': Buffer.alloc(LIMITS.fileBytesMax + 1, 'a'),
  };
  for (const [name, content] of Object.entries(files)) await writeFile(join(root, name), content);
  await writeFile(join(elsewhere, 'secret.csv'), 'secret\nleaked\n');
  // A FIFO no one writes to: opening it for reading without O_NONBLOCK would wait forever.
  execFileSync('mkfifo', [join(root, 'pipe.csv')]);
  await symlink(join(root, 'pipe.csv'), join(root, 'to-pipe.csv'));
  await symlink(join(root, 'sub'), join(root, 'to-sub'));
  await symlink(join(elsewhere, 'secret.csv'), join(root, 'to-secret.csv'));
  await symlink(join(root, 'missing.csv'), join(root, 'dangling.csv'));
  return root;
}

type Route = (res: import('node:http').ServerResponse, socket: Socket) => void;

function routes(openNever: Set<Socket>): Record<string, Route> {
  const gzCsv = gzipSync(Buffer.from(GOOD_CSV.repeat(2000)));
  const gzJson = gzipSync(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i }))));
  const bombJson = gzipBomb('[{"note":"', '"}]');
  const bombCsv = gzipBomb('note\n"', '"\n');
  const gz = { 'content-encoding': 'gzip' };
  return {
    '/rows.csv': (res) => void res.writeHead(200, { 'content-type': 'text/csv' }).end(GOOD_CSV),
    '/truncated.csv': (res) => void res.writeHead(200, gz).end(half(gzCsv)),
    '/truncated.json': (res) => void res.writeHead(200, gz).end(half(gzJson)),
    '/truncated.jsonl': (res) => void res.writeHead(200, gz).end(half(gzJson)),
    '/not-gzip.csv': (res) => void res.writeHead(200, gz).end(GOOD_CSV),
    '/bomb.json': (res) => void res.writeHead(200, gz).end(bombJson),
    '/bomb.csv': (res) => void res.writeHead(200, gz).end(bombCsv),
    '/compress.csv': (res) => void res.writeHead(200, { 'content-encoding': 'compress' }).end(GOOD_CSV),
    '/export': (res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(GOOD_CSV),
    '/page.json': (res) =>
      void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>'),
    '/error.csv': (res) => void res.writeHead(500).end('internal error'),
    '/reset-before.csv': (_res, socket) => void socket.resetAndDestroy(),
    '/reset-mid.csv': (res, socket) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '100000' });
      res.write('sku,late_days\nA-1,3\n', () => socket.resetAndDestroy());
    },
    '/short.csv': (res, socket) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '100000' });
      res.write('sku,late_days\nA-1,3\n', () => socket.end());
    },
    '/never.csv': (res, socket) => {
      openNever.add(socket);
      socket.once('close', () => openNever.delete(socket));
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('sku,late_days\n');
    },
  };
}

export async function startHostileFixtures(): Promise<HostileFixtures> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'trackerkit-hostile-')));
  const root = await makeFiles(base);
  const openNever = new Set<Socket>();
  const table = routes(openNever);
  const server: Server = createServer((req, res) => {
    const route = table[(req.url ?? '/').split('?')[0] ?? ''];
    if (!route) return void res.writeHead(404).end('no such file');
    route(res, req.socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    root,
    urlBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openNever,
    async close() {
      for (const socket of openNever) socket.destroy();
      server.closeAllConnections();
      server.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}
