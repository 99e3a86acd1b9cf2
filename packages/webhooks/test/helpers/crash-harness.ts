/** Shared pieces of the kill -9 tests: a closed-loop sender and /metrics reads. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { stringify } from 'yaml';
import { SECRET } from './alerts.ts';
import { type Loopback, startLoopback } from './loopback.ts';

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * Sends `indices` of `requests` to `url`, `concurrency` at a time, and records in `acked` the ones
 * answered 200. A refused connection (the receiver was killed) leaves the alert unacknowledged;
 * the sender retries it later, as a webhook sender does.
 */
export async function sendAll(
  url: string,
  requests: SignedRequest[],
  indices: number[],
  acked: Set<number>,
  concurrency = 16,
): Promise<void> {
  const queue = [...indices];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            body: requests[i]!.body,
            headers: requests[i]!.headers,
          });
          await res.text();
          if (res.status === 200) acked.add(i);
        } catch {}
      }
    }),
  );
}

/** One sample of the receiver's /metrics, e.g. `metric(port, 'x_state', 'destination="a"')`; undefined if absent. */
export async function metric(port: number, name: string, labels: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  } catch {
    return undefined;
  }
}

export const ENV = { TRACKER_WEBHOOK_SECRET: SECRET };
export const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** A config file for `spawnReceiver` in a fresh directory, with the tracker source and `rest`. */
export function writeConfig(
  prefix: string,
  rest: Record<string, unknown>,
): { configPath: string; storePath: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const storePath = join(dir, 'store.db');
  const configPath = join(dir, 'config.yaml');
  writeFileSync(
    configPath,
    stringify({
      storage: { path: storePath },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
      log: { level: 'warn' },
      ...rest,
    }),
  );
  return { configPath, storePath };
}

/**
 * A loopback destination that also lists each accepted (2xx) request's alert (its tracker_name),
 * key and arrival time (ms since the epoch).
 */
export async function recordingLoopback(loops: Loopback[]): Promise<{
  loop: Loopback;
  accepted: Array<{ name: string; key: string; at: number }>;
}> {
  const accepted: Array<{ name: string; key: string; at: number }> = [];
  const loop = await startLoopback((r) => {
    const key = r.headers['idempotency-key'] as string;
    const name = (r.json as { data: { tracker_name: string } }).data.tracker_name;
    accepted.push({ name, key, at: Date.now() });
    return key;
  });
  loops.push(loop);
  return { loop, accepted };
}

/** Reads the store of a killed receiver (the process is gone; nothing else holds it). */
export function readStore<T>(storePath: string, sql: string): T[] {
  const db = new DatabaseSync(storePath, { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}
