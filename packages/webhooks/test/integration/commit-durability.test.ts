import { type ChildProcess, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

// The kernel judges when an alert is durable. The receiver runs on SQLite under strace, which
// records every write to the store's log, every fsync and fdatasync and the response's write, each
// with the thread that made it. With `synchronous: full` (the default) the 2xx may leave only after
// the receiver's thread synced the log, after the alert's frames were written; with `normal` it
// leaves without that sync (the judge tells the two apart). The checkpointer's thread syncs the log
// on its own schedule, so only the receiver's thread counts.
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Call {
  tid: number;
  line: number;
  text: string;
}

/** One alert through a receiver under strace: the calls it made while serving the alert. */
async function traceOneAlert(synchronous: 'full' | 'normal') {
  const dir = mkdtempSync(join(tmpdir(), 'tk-durable-'));
  dirs.push(dir);
  const configPath = join(dir, 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      storage: { path: join(dir, 'store.db'), synchronous },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
      destinations: [{ name: 'sink', type: 'file', path: join(dir, 'sink.jsonl') }],
      route: { destination: ['sink'] },
      log: { level: 'warn' },
    }),
  );
  const trace = join(dir, 'trace');
  const port = await freePort();
  const wrapper = ['strace', '-f', '-y', '-s', '24', '-o', trace];
  wrapper.push('-e', 'trace=execve,openat,pwrite64,write,writev,fsync,fdatasync', '-e', 'signal=none');
  const { child } = await spawnReceiver(configPath, port, { TRACKER_WEBHOOK_SECRET: SECRET }, [], wrapper);
  children.push(child);
  // Past the start: the trace holds the answer to the readiness probe spawnReceiver saw (strace
  // may write it a little later), and the alert's calls come after it.
  const from = await waitUntil(
    () => {
      const answered = readFileSync(trace, 'utf8')
        .split('\n')
        .findLastIndex((l) => l.includes('HTTP/1.1 200'));
      return answered === -1 ? undefined : answered + 1;
    },
    { what: 'the readiness answer in the trace' },
  );
  const request = signedRequest(exampleAlert({ tracker_id: 'trk_durable' }), { id: 'msg_durable' });
  const response = await fetch(`http://127.0.0.1:${port}/webhooks/tracker`, {
    method: 'POST',
    body: request.body,
    headers: request.headers,
  });
  expect(response.status).toBe(200);
  await response.text();
  // The receiver stops (strace, the child, ends with it), and the trace is complete.
  const main = Number(readFileSync(trace, 'utf8').split(' ')[0]);
  process.kill(main, 'SIGTERM');
  await once(child, 'exit');
  const lines = readFileSync(trace, 'utf8').split('\n');
  // strace -f writes each line as `<tid> <call>`, the tid padded to a column.
  const all: Call[] = lines.map((text, line) => {
    const [, tid, call] = /^(\d+)\s+(.*)$/.exec(text) ?? [];
    return { tid: Number(tid), line, text: call ?? '' };
  });
  return { main, calls: all.filter((call) => call.line >= from) };
}

const toLog = (call: Call) => /^\w+\(\d+<[^>]*store\.db-wal>/.test(call.text);

/** Whether the receiver's thread synced the log between writing the alert's frames and answering. */
function syncedBeforeAnswer({ main, calls }: Awaited<ReturnType<typeof traceOneAlert>>) {
  const mine = calls.filter((c) => c.tid === main);
  const answered = mine.find(
    (c) => /^write(v)?\(\d+<socket:/.test(c.text) && c.text.includes('HTTP/1.1 200'),
  );
  if (!answered) throw new Error("no 200 written by the receiver's thread");
  const before = mine.filter((c) => c.line < answered.line);
  const written = before.filter((c) => c.text.startsWith('pwrite64(') && toLog(c)).at(-1);
  if (!written) throw new Error("no write to the store's log before the answer");
  return before.some(
    (c) => c.line > written.line && /^f(data)?sync\(/.test(c.text) && toLog(c) && / = 0$/.test(c.text),
  );
}

const STRACE = spawnSync('strace', ['-V']).status === 0;
const TITLE = 'when a 2xx leaves, on SQLite (strace)';

describe.skipIf(!STRACE)(STRACE ? TITLE : `${TITLE}: skipped, strace is not installed`, () => {
  it.each([
    ['full (the default): after the log was synced', { given: 'full' as const, want: true }],
    ['normal: without that sync', { given: 'normal' as const, want: false }],
  ])(
    '%s',
    async (_name, { given, want }) => {
      expect(syncedBeforeAnswer(await traceOneAlert(given))).toBe(want);
    },
    60_000,
  );
});
