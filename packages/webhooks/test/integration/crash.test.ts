import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { idempotencyKey } from '../../src/store/idempotency-key.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import {
  ENV,
  metric,
  range,
  readStore,
  recordingLoopback,
  sendAll,
  writeConfig,
} from '../helpers/crash-harness.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

const TOTAL = 1000;
let child: ChildProcess | undefined;
const loops: Loopback[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  child?.kill('SIGKILL');
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(loops.map((l) => l.close()));
});

describe('kill -9 while 1,000 alerts are in flight', () => {
  it('every acknowledged alert reaches every matching destination, each under one idempotency key', async () => {
    const forward = await startLoopback();
    const slack = await startLoopback();
    loops.push(forward, slack);
    const dir = mkdtempSync(join(tmpdir(), 'tk-crash-'));
    const configPath = join(dir, 'config.yaml');
    writeFileSync(
      configPath,
      stringify({
        storage: { path: join(dir, 'store.db') },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
        destinations: [
          { name: 'forward', type: 'forward', url: forward.url, secret: { env: 'TRACKER_WEBHOOK_SECRET' } },
          { name: 'slack', type: 'slack', url: slack.url },
        ],
        route: { destination: ['forward', 'slack'] },
        delivery: { poll_interval: '20ms', retry: { initial_delay: '50ms', max_delay: '1s' } },
        log: { level: 'warn' },
      }),
    );
    const env = { TRACKER_WEBHOOK_SECRET: SECRET };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/tracker`;
    ({ child } = await spawnReceiver(configPath, port, env));

    const requests = Array.from({ length: TOTAL }, (_, i) =>
      signedRequest(exampleAlert({ tracker_id: `trk_crash_${i}`, tracker_name: `Crash ${i}` }), {
        id: `msg_crash_${i}`,
      }),
    );
    const acked = new Set<number>();
    let killed = false;
    const sendOne = async (i: number) => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          body: requests[i]!.body,
          headers: requests[i]!.headers,
        });
        await res.text();
        if (res.status === 200) acked.add(i);
      } catch {}
      if (!killed && acked.size >= TOTAL * 0.4) {
        killed = true;
        child!.kill('SIGKILL');
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < TOTAL) await sendOne(next++);
      }),
    );
    expect(killed).toBe(true);
    const ackedBeforeCrash = new Set(acked);
    expect(ackedBeforeCrash.size).toBeGreaterThanOrEqual(TOTAL * 0.4);
    expect(ackedBeforeCrash.size).toBeLessThan(TOTAL);

    // Restart on the same store; the sender retries what was never acknowledged.
    ({ child } = await spawnReceiver(configPath, port, env));
    const retry = requests.map((_, i) => i).filter((i) => !acked.has(i));
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = retry.shift(); i !== undefined; i = retry.shift()) await sendOne(i);
      }),
    );
    expect(acked.size).toBe(TOTAL);

    const keys = new Set(requests.map((r) => idempotencyKey('tracker', r.headers['webhook-id']!, 'forward')));
    await forward.waitFor((l) => [...keys].every((k) => l.keys.has(k)), 45_000);
    // Every key seen is one of the expected ones: a redelivery after the crash reused its key.
    expect(new Set(forward.keys.keys())).toEqual(keys);
    for (const i of ackedBeforeCrash)
      expect(forward.keys.has(idempotencyKey('tracker', `msg_crash_${i}`, 'forward'))).toBe(true);
    // Slack takes group notifications (the route does not group: one per alert), made from the
    // groups the store kept: each alert in one, under one key (a resend after the crash reuses it).
    const named = (l: typeof slack) =>
      new Set(l.requests.map((r) => (r.json as { text: string }).text.match(/Crash \d+/)?.[0]));
    await slack.waitFor((l) => named(l).size >= TOTAL, 45_000);
    expect(named(slack)).toEqual(new Set(requests.map((_, i) => `Crash ${i}`)));
    const keyOf = new Map<string, string>();
    for (const r of slack.requests) {
      const name = (r.json as { text: string }).text.match(/Crash \d+/)![0];
      const key = r.headers['idempotency-key'] as string;
      expect(keyOf.get(name) ?? key).toBe(key);
      keyOf.set(name, key);
    }
    // Forwards carry the key as the new webhook-id as well.
    for (const r of forward.requests) expect(r.headers['webhook-id']).toBe(r.headers['idempotency-key']);
  });
});

describe("kill -9 while a destination's circuit breaker is open", () => {
  it('loses nothing: each acknowledged alert reaches both destinations under one key per destination', async () => {
    const ALERTS = 600;
    const flaky = await recordingLoopback(loops);
    const steady = await recordingLoopback(loops);
    flaky.loop.fallback = { status: 503, body: { error: 'down for maintenance' } };
    // Enough attempts that no alert dead-letters while the destination is down; the breaker opens
    // after 3 consecutive failures and holds the backlog (without spending attempts) for 2 s.
    const retry = { max_attempts: 100, initial_delay: '20ms', factor: 2, max_delay: '200ms' };
    const secret = { env: 'TRACKER_WEBHOOK_SECRET' };
    const { configPath, storePath } = writeConfig('tk-crash-breaker-', {
      destinations: [
        { name: 'flaky', type: 'forward', url: flaky.loop.url, secret, retry },
        { name: 'steady', type: 'forward', url: steady.loop.url, secret, retry },
      ],
      route: { destination: ['flaky', 'steady'] },
      delivery: { poll_interval: '20ms', breaker: { failure_threshold: 3, cooldown: '2s' } },
    });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/tracker`;
    const first = await spawnReceiver(configPath, port, ENV);
    children.push(first.child);

    const requests = range(0, ALERTS).map((i) =>
      signedRequest(exampleAlert({ tracker_name: `Breaker ${i}` }), { id: `msg_breaker_${i}` }),
    );
    const acked = new Set<number>();
    const sending = sendAll(url, requests, range(0, ALERTS), acked);
    // Alerts keep arriving and are acknowledged while the breaker is open; then kill -9.
    await waitUntil(
      async () =>
        acked.size >= ALERTS * 0.3 &&
        (await metric(port, 'trackerkit_webhooks_breaker_state', 'destination="flaky"')) === 2,
      { what: 'flaky breaker open with 30% of the alerts acknowledged', timeout: 30_000 },
    );
    first.child.kill('SIGKILL');
    await sending;
    const ackedBeforeCrash = new Set(acked);
    expect(ackedBeforeCrash.size).toBeLessThan(ALERTS);
    expect(first.stderr.join('')).toContain('circuit breaker opened');
    expect(flaky.loop.requests.length).toBeGreaterThan(0);
    expect(flaky.accepted).toHaveLength(0);

    // What the dead process left: every acknowledged alert has a pending row for the destination
    // behind the open breaker; none was given up.
    const states = readStore<{ destination: string; state: string; n: number }>(
      storePath,
      'SELECT destination, state, count(*) AS n FROM deliveries GROUP BY destination, state',
    );
    const count = (destination: string, state: string) =>
      Number(states.find((r) => r.destination === destination && r.state === state)?.n ?? 0);
    expect(count('flaky', 'pending')).toBeGreaterThanOrEqual(ackedBeforeCrash.size);
    expect(count('flaky', 'dead') + count('steady', 'dead')).toBe(0);

    // The destination recovers; the receiver restarts on the same store; the sender retries the rest.
    flaky.loop.fallback = { status: 200, body: { ok: true } };
    const second = await spawnReceiver(configPath, port, ENV);
    children.push(second.child);
    await sendAll(
      url,
      requests,
      range(0, ALERTS).filter((i) => !acked.has(i)),
      acked,
    );
    expect(acked.size).toBe(ALERTS);
    await waitUntil(
      async () =>
        (await metric(port, 'trackerkit_webhooks_outbox_deliveries', 'state="pending"')) === 0 &&
        flaky.loop.keys.size === ALERTS &&
        steady.loop.keys.size === ALERTS,
      { what: 'the outbox drained', timeout: 45_000 },
    );
    expect(await metric(port, 'trackerkit_webhooks_outbox_deliveries', 'state="dead"')).toBe(0);

    for (const [name, { accepted }] of [
      ['flaky', flaky],
      ['steady', steady],
    ] as const) {
      // Grouped by alert: each alert arrived under exactly one key, its own; a second arrival is
      // an at-least-once retry with that same key.
      const keysByAlert = new Map<string, Set<string>>();
      for (const a of accepted) keysByAlert.set(a.name, (keysByAlert.get(a.name) ?? new Set()).add(a.key));
      expect(keysByAlert.size).toBe(ALERTS);
      for (const i of range(0, ALERTS))
        expect([...keysByAlert.get(`Breaker ${i}`)!]).toEqual([
          idempotencyKey('tracker', `msg_breaker_${i}`, name),
        ]);
    }
    console.info(
      `breaker crash: ${ALERTS} alerts, ${ackedBeforeCrash.size} acked before kill -9, ` +
        `${count('flaky', 'pending')} held by the open breaker; flaky got ${flaky.loop.requests.length - flaky.accepted.length} 503s, ` +
        `accepted ${flaky.accepted.length} (${flaky.accepted.length - ALERTS} retries), steady ${steady.accepted.length} (${steady.accepted.length - ALERTS} retries)`,
    );
    second.child.kill('SIGKILL');
  });
});

describe('kill -9 between repeat_interval re-sends', () => {
  it('the firing state survives: repeats continue after the restart under new keys, and no alert is lost', async () => {
    const TRACKERS = 20;
    const ALERTS = 200;
    const hook = await recordingLoopback(loops);
    const { configPath, storePath } = writeConfig('tk-crash-repeat-', {
      destinations: [
        { name: 'hook', type: 'forward', url: hook.loop.url, secret: { env: 'TRACKER_WEBHOOK_SECRET' } },
      ],
      route: { destination: 'hook', repeat_interval: '300ms' },
      delivery: { poll_interval: '20ms', retry: { initial_delay: '20ms', max_delay: '200ms' } },
    });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/tracker`;
    const first = await spawnReceiver(configPath, port, ENV);
    children.push(first.child);

    const trackerOf = (i: number) => `trk_repeat_${i % TRACKERS}`;
    const requests = range(0, ALERTS).map((i) =>
      signedRequest(exampleAlert({ tracker_id: trackerOf(i), tracker_name: `Repeat ${i}` }), {
        id: `msg_repeat_${i}`,
      }),
    );
    // A delivered key is the alert's own (n = 0) or the n-th repeat of its tracker, sent from the
    // tracker's latest alert: `<webhook-id>#repeat:<route>:<n>` (src/store/repeat-due.ts).
    const decoded = new Map<string, { alert: number; n: number } | null>();
    const decode = ({ name, key }: { name: string; key: string }) => {
      if (!decoded.has(key)) {
        const alert = Number(name.slice('Repeat '.length));
        let found: { alert: number; n: number } | null = null;
        for (let n = 0; n <= 2_000 && !found; n++) {
          const id = n === 0 ? `msg_repeat_${alert}` : `msg_repeat_${alert}#repeat:root:${n}`;
          if (idempotencyKey('tracker', id, 'hook') === key) found = { alert, n };
        }
        decoded.set(key, found);
      }
      return decoded.get(key)!;
    };
    /** Tracker → repeat number → the keys it was delivered under. */
    const repeats = () => {
      const out = new Map<string, Map<number, Set<string>>>();
      for (const a of hook.accepted) {
        const d = decode(a);
        if (!d || d.n === 0) continue;
        const byN = out.get(trackerOf(d.alert)) ?? new Map<number, Set<string>>();
        byN.set(d.n, (byN.get(d.n) ?? new Set()).add(a.key));
        out.set(trackerOf(d.alert), byN);
      }
      return out;
    };

    // The first half fires every tracker; each is repeated twice.
    const acked = new Set<number>();
    await sendAll(url, requests, range(0, ALERTS / 2), acked);
    expect(acked.size).toBe(ALERTS / 2);
    await waitUntil(
      () => {
        const now = repeats();
        return now.size === TRACKERS && [...now.values()].every((byN) => byN.has(2));
      },
      { what: 'every tracker repeated twice', timeout: 30_000 },
    );

    // The second half is in flight (each new alert restarts its tracker's wait) when kill -9 comes.
    const sending = sendAll(url, requests, range(ALERTS / 2, ALERTS), acked, 4);
    await waitUntil(() => acked.size >= ALERTS / 2 + ALERTS / 8, {
      what: 'part of the second half acknowledged',
      timeout: 30_000,
    });
    first.child.kill('SIGKILL');
    await sending;
    expect(acked.size).toBeLessThan(ALERTS);
    const firing = readStore<{ scope: string; repeats: number }>(
      storePath,
      "SELECT scope, repeats FROM firing WHERE route = 'root'",
    );
    expect(firing).toHaveLength(TRACKERS);
    const repeatsAtKill = new Map(firing.map((f) => [f.scope, Number(f.repeats)]));
    for (const n of repeatsAtKill.values()) expect(n).toBeGreaterThanOrEqual(2);

    // Restart on the same store; the sender retries what was never acknowledged.
    const second = await spawnReceiver(configPath, port, ENV);
    children.push(second.child);
    await sendAll(
      url,
      requests,
      range(0, ALERTS).filter((i) => !acked.has(i)),
      acked,
    );
    expect(acked.size).toBe(ALERTS);

    // Every repeat made before the crash arrives, and each tracker gets at least one made after it.
    const originals = () =>
      new Set(
        hook.accepted
          .map(decode)
          .filter((d) => d?.n === 0)
          .map((d) => d!.alert),
      );
    await waitUntil(
      () => {
        const now = repeats();
        return (
          originals().size === ALERTS &&
          [...repeatsAtKill].every(([tracker, atKill]) =>
            range(1, atKill + 2).every((n) => now.get(tracker)?.has(n)),
          )
        );
      },
      { what: 'repeats continued after the restart and every alert arrived', timeout: 30_000 },
    );
    second.child.kill('SIGKILL');

    // Every key delivered is an alert's own or one repeat's; each repeat number of a tracker went
    // under exactly one key (duplicates only as retries of that key).
    expect(hook.accepted.filter((a) => decode(a) === null)).toEqual([]);
    const final = repeats();
    let repeatKeys = 0;
    let afterRestart = 0;
    for (const [tracker, byN] of final) {
      for (const keys of byN.values()) expect(keys.size).toBe(1);
      repeatKeys += byN.size;
      afterRestart += [...byN.keys()].filter((n) => n > repeatsAtKill.get(tracker)!).length;
    }
    expect(new Set(hook.accepted.map((a) => a.key)).size).toBe(ALERTS + repeatKeys);
    console.info(
      `repeat crash: ${ALERTS} alerts over ${TRACKERS} trackers, ${[...repeatsAtKill.values()].reduce((a, b) => a + b, 0)} repeats made before kill -9, ` +
        `${repeatKeys} distinct repeat keys delivered (${afterRestart} made after the restart), ` +
        `${hook.accepted.length} accepted requests (${hook.accepted.length - ALERTS - repeatKeys} retries)`,
    );
  });
});
