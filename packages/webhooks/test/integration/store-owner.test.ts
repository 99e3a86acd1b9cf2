import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

const children: ChildProcess[] = [];
const loops: Loopback[] = [];
const env = { TRACKER_WEBHOOK_SECRET: SECRET };

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(loops.map((l) => l.close()));
});

const until = (what: string, predicate: () => boolean) => waitUntil(predicate, { what, interval: 25 });

function setup(route: string) {
  const dir = mkdtempSync(join(tmpdir(), 'tk-owner-'));
  const file = join(dir, 'webhooks.yaml');
  const store = join(dir, 'store.db');
  const write = (destination: string, extra: object = {}) =>
    writeFileSync(
      file,
      stringify({
        storage: { path: store },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
        destinations: loops.map((l, i) => ({ name: `d${i}`, type: 'slack', url: l.url })),
        route: { destination },
        delivery: { poll_interval: '20ms' },
        log: { level: 'info' },
        ...extra,
      }),
    );
  write(route);
  return { file, store, write };
}

describe('one process owns a store', () => {
  it('a second process is refused naming the file and the owner; a killed owner’s lock is taken over', async () => {
    loops.push(await startLoopback(), await startLoopback());
    const { file, store } = setup('d0');
    const first = await spawnReceiver(file, await freePort(), env);
    children.push(first.child);
    const second = spawnReceiver(file, await freePort(), env);
    await expect(second).rejects.toThrow(
      `store ${store} is in use by another process (pid ${first.child.pid}`,
    );
    await expect(second).rejects.toThrow(`its lock ${store}.lock is held`);
    // The first one is unharmed.
    expect(first.child.exitCode).toBeNull();

    // kill -9 leaves the lock file (and the dead pid in it) behind: the next process takes it over.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(existsSync(`${store}.lock`)).toBe(true);
    const port = await freePort();
    const third = await spawnReceiver(file, port, env);
    children.push(third.child);
    const req = signedRequest(exampleAlert({ tracker_name: 'After takeover' }));
    expect((await post(`http://127.0.0.1:${port}/webhooks/tracker`, req.body, req.headers)).status).toBe(200);
    await loops[0]!.waitFor((l) => l.requests.some((r) => r.body.includes('After takeover')));
    third.child.kill('SIGTERM');
    await new Promise((resolve) => third.child.once('exit', resolve));
  });
});

describe('V8 flags on the command line', () => {
  // Worker threads refuse V8's flags when given them in a list; the checkpointer's thread used to
  // be, so `node --max-old-space-size=… trackerkit-webhooks serve` exited at start.
  it.each([['--max-old-space-size=512'], ['--trace-gc']])(
    'starts with %s, receives and delivers',
    async (flag) => {
      const { file } = setup('d0');
      const port = await freePort();
      const { child } = await spawnReceiver(file, port, env, [flag]);
      children.push(child);
      const req = signedRequest(exampleAlert({ tracker_name: `Started with ${flag}` }));
      expect((await post(`http://127.0.0.1:${port}/webhooks/tracker`, req.body, req.headers)).status).toBe(
        200,
      );
      await loops[0]!.waitFor((l) => l.requests.some((r) => r.body.includes(`Started with ${flag}`)));
      child.kill('SIGTERM');
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    },
  );
});

describe('SIGHUP reloads instead of killing the process', () => {
  it('applies a good configuration; refuses a bad one and keeps running the old', async () => {
    const { file, write } = setup('d0');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/tracker`;
    const { child, stderr } = await spawnReceiver(file, port, env);
    children.push(child);
    const log = () => stderr.join('');

    write('d1');
    child.kill('SIGHUP');
    await until('configuration reloaded', () => log().includes('configuration reloaded'));
    const one = signedRequest(exampleAlert({ tracker_name: 'Reloaded by HUP' }));
    expect((await post(url, one.body, one.headers)).status).toBe(200);
    await loops[1]!.waitFor((l) => l.requests.some((r) => r.body.includes('Reloaded by HUP')));

    write('d0', { retention: { deliveries: '10s' } });
    child.kill('SIGHUP');
    await until('reload refused', () => log().includes('reload refused'));
    expect(log()).toMatch(/retention\.deliveries: must be a duration of at least a minute/);
    expect(child.exitCode).toBeNull();
    const two = signedRequest(exampleAlert({ tracker_name: 'Old config still runs' }));
    expect((await post(url, two.body, two.headers)).status).toBe(200);
    await loops[1]!.waitFor((l) => l.requests.some((r) => r.body.includes('Old config still runs')));
    expect(loops[0]!.requests.some((r) => r.body.includes('Old config still runs'))).toBe(false);

    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  });
});
