import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackerAlertEvent, TrackerAlertResolvedEvent } from '@trackerkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { alertIdentity } from '../../src/alerts/alert-identity.ts';
import type { WebhookMessage } from '../../src/alerts/alertmanager-payload.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { post } from '../helpers/post.ts';
import { freePort } from '../helpers/spawn-receiver.ts';

// The differential proof of the delivery side: a real Alertmanager (Debian's
// prometheus-alertmanager 0.25) and the receiver are fed the same alerts at the same moments,
// with the same grouping, silence and inhibit rule, and both deliver to one loopback sink through
// Alertmanager's webhook. They must send the same notifications (group, alerts, statuses, every
// payload field) within 10% of each other's time.
const BINARY = '/usr/bin/prometheus-alertmanager';
const FOUND = spawnSync(BINARY, ['--version'], { stdio: 'ignore' }).status === 0;
const EXTERNAL_URL = 'http://receiver.example:9093';

interface Received {
  path: string;
  /** Seconds since the sequence began. */
  t: number;
  body: WebhookMessage;
}

const dir = mkdtempSync(join(tmpdir(), 'tk-am-grouping-'));
let am: ChildProcess | undefined;
let amUrl = '';
let amLog = '';
let sink: Server;
let sinkUrl = '';
let receiver: Receiver;
let t0 = 0;
const received: Received[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `seconds` after the start of the sequence. */
const at = (seconds: number) => sleep(Math.max(0, t0 + seconds * 1000 - Date.now()));

beforeAll(async () => {
  if (!FOUND) return;
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        t: (Date.now() - t0) / 1000,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookMessage,
      });
      // No keep-alive: a connection closed under Alertmanager's next request makes it retry later.
      res.writeHead(200, { connection: 'close' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}`;

  // One configuration, in Alertmanager's words, for both: only the webhook URLs differ (so the
  // sink tells the two apart); the receiver's file adds its own server, storage and delivery keys.
  const configFor = (prefix: string) => ({
    route: {
      receiver: 'hook',
      group_by: ['space_id'],
      group_wait: '1s',
      group_interval: '2s',
      repeat_interval: '3s',
    },
    receivers: [
      {
        name: 'hook',
        webhook_configs: [
          { url: `${sinkUrl}/${prefix}`, send_resolved: true },
          { url: `${sinkUrl}/${prefix}-max`, send_resolved: false, max_alerts: 2 },
        ],
      },
    ],
    inhibit_rules: [
      {
        source_matchers: ['tracker_name="Upstream"'],
        target_matchers: ['tracker_name="Downstream"'],
        equal: ['space_id'],
      },
    ],
  });
  const port = await freePort();
  amUrl = `http://127.0.0.1:${port}`;
  writeFileSync(join(dir, 'alertmanager.yml'), JSON.stringify(configFor('am')));
  writeFileSync(
    join(dir, 'receiver.yml'),
    JSON.stringify({
      ...configFor('tk'),
      server: { external_url: EXTERNAL_URL },
      storage: { path: join(dir, 'store.db'), synchronous: 'normal' },
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    }),
  );
  am = spawn(
    BINARY,
    [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--web.external-url=${EXTERNAL_URL}`,
      '--cluster.listen-address=',
      `--storage.path=${join(dir, 'data')}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  am.stderr!.on('data', (chunk: Buffer) => {
    amLog = `${amLog}${chunk}`.slice(-4000);
  });
  await waitUntil(
    async () => {
      if (am?.exitCode !== null) throw new Error(`alertmanager exited: ${amLog}`);
      return fetch(`${amUrl}/-/ready`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeout: 30_000, interval: 50, what: 'alertmanager ready' },
  );

  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  // The tracker's source from the environment, as for an Alertmanager file without `sources`.
  receiver = await startReceiver({
    port: 0,
    env: { TRACKERKIT_WEBHOOKS_SECRET: SECRET },
    config: join(dir, 'receiver.yml'),
  });
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  if (am && am.exitCode === null) {
    const exited = new Promise((resolve) => am!.once('exit', resolve));
    am.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => (sink ? sink.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

const TRACKERS = {
  a: { tracker_id: 'trk_a', tracker_name: 'Supplier A', space_id: 'spc_east' },
  b: { tracker_id: 'trk_b', tracker_name: 'Supplier B', space_id: 'spc_east' },
  c: { tracker_id: 'trk_c', tracker_name: 'Supplier C', space_id: 'spc_east' },
  d: { tracker_id: 'trk_d', tracker_name: 'Supplier D', space_id: 'spc_east' },
  w: { tracker_id: 'trk_w', tracker_name: 'Supplier W', space_id: 'spc_west' },
  up: { tracker_id: 'trk_up', tracker_name: 'Upstream', space_id: 'spc_north' },
  down: { tracker_id: 'trk_down', tracker_name: 'Downstream', space_id: 'spc_north' },
};
type Name = keyof typeof TRACKERS;
// What Alertmanager was told fires, to resolve it with the same labels.
const firing = new Map<
  Name,
  { labels: Record<string, string>; annotations: Record<string, string>; startsAt: string }
>();

async function toReceiver(event: TrackerAlertEvent | TrackerAlertResolvedEvent) {
  const req = signedRequest(event);
  const res = await post(receiver.sourceUrls.tracker!, req.body, req.headers);
  expect(res.status).toBe(200);
}

async function toAlertmanager(alerts: unknown[]) {
  const res = await fetch(`${amUrl}/api/v2/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(alerts),
  });
  expect(res.status).toBe(200);
}

/** The tracker's alert, to both: the tracker event to the receiver, its Alertmanager alert to Alertmanager. */
async function fire(name: Name) {
  const event = exampleAlert({ ...TRACKERS[name], url: `https://console.example/runs/${name}` });
  event.timestamp = new Date().toISOString();
  const alert = alertIdentity(event, Date.now())!;
  const posted = { labels: alert.labels, annotations: alert.annotations, startsAt: event.timestamp };
  firing.set(name, posted);
  await Promise.all([toReceiver(event), toAlertmanager([{ ...posted, generatorURL: alert.generatorURL }])]);
}

async function resolve(name: Name) {
  const event = exampleResolved(TRACKERS[name]);
  event.timestamp = new Date().toISOString();
  const was = firing.get(name)!;
  await Promise.all([
    toReceiver(event),
    toAlertmanager([
      { ...was, endsAt: event.timestamp, generatorURL: `https://console.example/runs/${name}` },
    ]),
  ]);
}

async function silence(trackerId: string, endsAt: number) {
  const matchers = [{ name: 'tracker_id', value: trackerId, isRegex: false, isEqual: true }];
  const body = {
    matchers,
    startsAt: new Date().toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    createdBy: 'test',
    comment: 'differential',
  };
  const res = await fetch(`${amUrl}/api/v2/silences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  await receiver.store.silences.create({
    matchers,
    startsAt: Date.now(),
    endsAt,
    createdBy: 'test',
    comment: 'differential',
  });
}

/** One notification as compared: its time, group and alerts (`name=status`). */
const describeIt = (r: Received) =>
  `${r.body.groupLabels.space_id} ${r.body.alerts.map((a) => `${a.labels.tracker_name}=${a.status}`).join(', ')}${r.body.truncatedAlerts ? ` (+${r.body.truncatedAlerts})` : ''}`;

function pairs(amPath: string, tkPath: string): Array<[Received, Received | undefined]> {
  const mine = received.filter((r) => r.path === tkPath);
  const theirs = received.filter((r) => r.path === amPath);
  // In each group, in order; groups by their first notification.
  const byGroup = (list: Received[]) => {
    const groups = new Map<string, Received[]>();
    for (const r of list) groups.set(r.body.groupKey, [...(groups.get(r.body.groupKey) ?? []), r]);
    return groups;
  };
  const ours = byGroup(mine);
  return [...byGroup(theirs)].flatMap(([key, list]) =>
    list.map((r, i): [Received, Received | undefined] => [r, ours.get(key)?.[i]]),
  );
}

describe.skipIf(!FOUND)(
  `grouping and the webhook payload against a real Alertmanager${FOUND ? '' : ` (skipped: ${BINARY} not found; apt-get install prometheus-alertmanager)`}`,
  () => {
    it('the same notifications (group, alerts, statuses, every field) within 10% of the time, for group_wait, group_interval, repeat_interval, a silence ending, an inhibition ending and a resolve', async () => {
      // A first request through the receiver's path (an event type it does not know, routed
      // nowhere), so the sequence does not time its start-up.
      await toReceiver({ type: 'tracker.warmup', timestamp: new Date().toISOString(), data: {} } as never);
      t0 = Date.now();
      // Supplier D is silenced until 4.5 s: it fires at 1.6 s and is announced once free.
      await silence('trk_d', t0 + 4500);
      await Promise.all([fire('a'), fire('b'), fire('up')]);
      await at(0.3);
      // Downstream is inhibited while Upstream fires in its space.
      await Promise.all([fire('w'), fire('down')]);
      await at(1.5);
      await fire('c');
      await at(1.6);
      await fire('d');
      await at(6);
      await resolve('up');
      await at(8);
      await resolve('a');
      await at(12.5);

      const report: string[] = [];
      if (process.env.DEBUG_DIFF)
        console.info(received.map((r) => `${r.path} ${r.t.toFixed(2)} ${describeIt(r)}`).join('\n'), amLog);
      for (const [amPath, tkPath] of [
        ['/am', '/tk'],
        ['/am-max', '/tk-max'],
      ] as const) {
        const matched = pairs(amPath, tkPath);
        for (const [theirs, ours] of matched) {
          report.push(
            `${amPath.padEnd(7)} ${theirs.t.toFixed(2)} s / ${ours ? `${ours.t.toFixed(2)} s` : 'missing'}  ${describeIt(theirs)}`,
          );
        }
        const mine = received.filter((r) => r.path === tkPath);
        expect(mine.map(describeIt).sort(), `${tkPath} sent what ${amPath} did`).toEqual(
          matched.map(([theirs]) => describeIt(theirs)).sort(),
        );
        for (const [theirs, ours] of matched) {
          // Every field as Alertmanager wrote it.
          expect(ours!.body).toEqual(theirs.body);
          expect(Math.abs(ours!.t - theirs.t), `${describeIt(theirs)} at ${theirs.t} s`).toBeLessThanOrEqual(
            theirs.t * 0.1,
          );
        }
      }
      console.info(`Alertmanager / receiver, seconds after the first alert:\n${report.join('\n')}`);
      // The sequence covers what it claims to.
      const am = received.filter((r) => r.path === '/am').map((r) => describeIt(r));
      expect(am).toEqual(
        expect.arrayContaining([
          'spc_east Supplier A=firing, Supplier B=firing',
          'spc_east Supplier A=firing, Supplier B=firing, Supplier C=firing',
          'spc_east Supplier A=firing, Supplier B=firing, Supplier C=firing, Supplier D=firing',
          'spc_north Downstream=firing, Upstream=resolved',
          'spc_east Supplier A=resolved, Supplier B=firing, Supplier C=firing, Supplier D=firing',
        ]),
      );
      // A repeat: the west group again after repeat_interval, with nothing new.
      expect(am.filter((d) => d === 'spc_west Supplier W=firing').length).toBeGreaterThanOrEqual(2);
    }, 60_000);
  },
);
