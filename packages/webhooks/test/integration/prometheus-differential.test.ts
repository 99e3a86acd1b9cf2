import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { dropSchemas, freshSchema, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { WebhookMessage } from '../../src/alerts/alertmanager-payload.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { SECRET } from '../helpers/alerts.ts';
import { type Exporter, type Spawned, spawnReady, startExporter } from '../helpers/prometheus-stack.ts';
import { freePort } from '../helpers/spawn-receiver.ts';

// The alert lifecycle against Alertmanager with the sender almost every Alertmanager has: a real
// Prometheus (Debian's 2.42) evaluates alert rules every second over a loopback exporter whose
// values the test sets, and sends its alerts to a real Alertmanager (Debian's 0.25) and to two
// receivers, one on SQLite and one on PostgreSQL, all loaded with one alertmanager.yml whose
// webhooks point at one loopback sink. The scenarios: fire, join (with a changed annotation), an
// inhibition whose source ends and fires again, a resolve, a re-fire after a resolve (in a group
// that lives on, and in a group whose only alert it is), and an alert posted once by hand without
// endsAt (resolve_timeout), which inhibits until it times out. Each receiver must send the same
// notifications, every field alike, within 10% of Alertmanager's time since the start.
const PROMETHEUS = '/usr/bin/prometheus';
const ALERTMANAGER = '/usr/bin/prometheus-alertmanager';
const FOUND = [PROMETHEUS, ALERTMANAGER].every(
  (binary) => spawnSync(binary, ['--version'], { stdio: 'ignore' }).status === 0,
);

/** Alertmanager, the receiver on SQLite, the receiver on PostgreSQL. */
type Sender = 'am' | 'tk' | 'pg';

interface Received {
  from: Sender;
  path: string;
  /** Seconds since the sequence began. */
  t: number;
  body: WebhookMessage;
}

const SERIES = {
  a: { name: 'a', team: 'east', severity: 'warning' },
  b: { name: 'b', team: 'east', severity: 'warning' },
  s: { name: 's', team: 'south', severity: 'info' },
  src: { name: 'src', team: 'north', severity: 'critical' },
  tgt: { name: 'tgt', team: 'north', severity: 'warning' },
  w: { name: 'w', team: 'west', severity: 'warning' },
};
const RESOLVE_TIMEOUT_S = 7;
// Posted once by hand to all, without endsAt: it ends resolve_timeout after, and inhibits w till then.
const MANUAL = { alertname: 'Manual', team: 'west', severity: 'critical' };

const dir = mkdtempSync(join(tmpdir(), 'tk-prometheus-diff-'));
const schema = freshSchema('tk_prom_diff');
const received: Received[] = [];
let sink: Server;
let exporter: Exporter;
let receiver: Receiver;
let pgReceiver: Receiver | undefined;
let prometheus: Spawned | undefined;
let alertmanager: Spawned | undefined;
let amUrl = '';
let t0 = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `seconds` after the start of the sequence. */
const at = (seconds: number) => sleep(Math.max(0, t0 + seconds * 1000 - Date.now()));

/** One file for all: Alertmanager by its User-Agent, each receiver by its own externalURL. */
const senderOf = (agent: string | undefined, body: WebhookMessage): Sender =>
  String(agent).startsWith('Alertmanager') ? 'am' : body.externalURL === pgReceiver?.url ? 'pg' : 'tk';

beforeAll(async () => {
  if (!FOUND) return;
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookMessage;
      received.push({
        from: senderOf(req.headers['user-agent'], body),
        path: req.url ?? '',
        t: (Date.now() - t0) / 1000,
        body,
      });
      res.writeHead(200, { connection: 'close' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}`;
  exporter = await startExporter('tk_value', SERIES);

  writeFileSync(
    join(dir, 'alertmanager.yml'),
    stringify({
      global: { resolve_timeout: `${RESOLVE_TIMEOUT_S}s` },
      route: {
        receiver: 'hook',
        group_by: ['team'],
        group_wait: '2s',
        group_interval: '4s',
        repeat_interval: '1h',
      },
      receivers: [
        {
          name: 'hook',
          webhook_configs: [
            { url: `${sinkUrl}/hook`, send_resolved: true },
            { url: `${sinkUrl}/quiet`, send_resolved: false },
          ],
        },
      ],
      inhibit_rules: [
        {
          source_matchers: ['severity="critical"'],
          target_matchers: ['severity="warning"'],
          equal: ['team'],
        },
      ],
    }),
  );
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  const env = { TRACKERKIT_WEBHOOKS_SECRET: SECRET };
  const logger = createLogger({ level: 'silent' });
  receiver = await startReceiver({
    port: await freePort(),
    host: '127.0.0.1',
    storagePath: join(dir, 'store.db'),
    env,
    config: join(dir, 'alertmanager.yml'),
    logger,
  });
  // The same file through the same loader; where a receiver keeps its state is the deployment's
  // (as the SQLite file's path above), not the file's.
  const loaded = loadConfig(join(dir, 'alertmanager.yml'), { env });
  pgReceiver = await startReceiver({
    port: await freePort(),
    host: '127.0.0.1',
    config: { ...loaded, storage: { ...loaded.storage, url: TEST_DATABASE_URL, schema } },
    logger,
  });

  const amPort = await freePort();
  amUrl = `http://127.0.0.1:${amPort}`;
  const promPort = await freePort();
  const rule = {
    alert: 'TkAlert',
    expr: 'tk_value > 0',
    annotations: { summary: '{{ $labels.name }} at {{ $value }}' },
  };
  writeFileSync(
    join(dir, 'rules.yml'),
    stringify({ groups: [{ name: 'tk', interval: '1s', rules: [rule] }] }),
  );
  const targets = [`127.0.0.1:${amPort}`, `127.0.0.1:${receiver.port}`, `127.0.0.1:${pgReceiver.port}`];
  writeFileSync(
    join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: [join(dir, 'rules.yml')],
      scrape_configs: [{ job_name: 'exporter', static_configs: [{ targets: [exporter.target] }] }],
      alerting: { alertmanagers: [{ api_version: 'v2', static_configs: [{ targets }] }] },
    }),
  );
  prometheus = await spawnReady(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
      // Each evaluation re-sends the firing alerts, endsAt 4 s ahead (4 evaluation intervals).
      '--rules.alert.resend-delay=500ms',
      '--log.level=warn',
    ],
    `http://127.0.0.1:${promPort}/-/ready`,
  );
  // Scraped and evaluated (all values 0: nothing fires yet).
  await waitUntil(
    async () => {
      const res = await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=count(tk_value)`);
      const body = (await res.json()) as { data?: { result?: Array<{ value: [number, string] }> } };
      return body.data?.result?.[0]?.value[1] === String(Object.keys(SERIES).length);
    },
    { timeout: 20_000, what: 'prometheus scraped the exporter' },
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${prometheus?.log()}`);
  });
  // Alertmanager last: its group cleanup runs every 30 s from its start, and the sequence fits
  // before the first one (a single-alert group emptied by a flush lives until then).
  alertmanager = await spawnReady(
    ALERTMANAGER,
    [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--web.listen-address=127.0.0.1:${amPort}`,
      // The payload's externalURL: the SQLite receiver's own, so their payloads can be alike in
      // every field (the PostgreSQL receiver's names its own address: compared apart).
      `--web.external-url=${receiver.url}`,
      '--cluster.listen-address=',
      `--storage.path=${join(dir, 'am-data')}`,
      '--log.level=warn',
    ],
    `${amUrl}/-/ready`,
  );
}, 90_000);

afterAll(async () => {
  await prometheus?.stop();
  await alertmanager?.stop();
  await receiver?.close();
  await pgReceiver?.close();
  await exporter?.close();
  await new Promise((resolve) => (sink ? sink.close(resolve) : resolve(undefined)));
  if (FOUND) await dropSchemas([schema]);
  rmSync(dir, { recursive: true, force: true });
});

/** The alert posted by hand, to all at once (startsAt given: only endsAt comes from each side's clock). */
async function postManual(startsAt: number) {
  const body = JSON.stringify([
    {
      labels: MANUAL,
      annotations: { summary: 'posted once by hand, without endsAt' },
      startsAt: new Date(startsAt).toISOString(),
      generatorURL: 'http://127.0.0.1/manual',
    },
  ]);
  const post = (url: string) =>
    fetch(`${url}/api/v2/alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answers = await Promise.all([amUrl, receiver.url, pgReceiver!.url].map(post));
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
}

/** One notification as compared: its group and alerts (`name=status`). */
const describeIt = (r: Received) =>
  `${r.body.groupLabels.team} ${r.body.alerts.map((a) => `${a.labels.name ?? a.labels.alertname}=${a.status}`).join(' ')}`;

const from = (who: Sender, path: string) => received.filter((r) => r.from === who && r.path === path);

/** Alertmanager's notifications to `path`, each with receiver `who`'s of the same group and rank. */
function pairs(who: Sender, path: string): Array<[Received, Received | undefined]> {
  const byGroup = (list: Received[]) => {
    const groups = new Map<string, Received[]>();
    for (const r of list) groups.set(r.body.groupKey, [...(groups.get(r.body.groupKey) ?? []), r]);
    return groups;
  };
  const ours = byGroup(from(who, path));
  return [...byGroup(from('am', path))].flatMap(([key, list]) =>
    list.map((r, i): [Received, Received | undefined] => [r, ours.get(key)?.[i]]),
  );
}

/**
 * The fields that cannot be alike: the hand-posted alert's endsAt is each server's own receipt
 * time plus resolve_timeout, and the PostgreSQL receiver's externalURL is its own address.
 * Returns how far apart the two ends are (ms) and the receiver's body with Alertmanager's values
 * in their place, for the comparison of everything else.
 */
function aligned(ours: WebhookMessage, theirs: WebhookMessage): { skewMs: number; body: WebhookMessage } {
  let skewMs = 0;
  const alerts = ours.alerts.map((alert, i) => {
    const them = theirs.alerts[i];
    if (alert.labels.alertname !== MANUAL.alertname || alert.status !== 'resolved' || !them) return alert;
    skewMs = Math.abs(Date.parse(alert.endsAt) - Date.parse(them.endsAt));
    return { ...alert, endsAt: them.endsAt };
  });
  return { skewMs, body: { ...ours, alerts, externalURL: theirs.externalURL } };
}

/** An alert of `GET /api/v2/alerts` as compared: what it is and what holds it now. */
interface Listed {
  fingerprint: string;
  labels: Record<string, string>;
  startsAt: string;
  status: { state: string; silencedBy: string[]; inhibitedBy: string[] };
}

/** `GET /api/v2/alerts` of each at once: the alerts firing now, and why each is held. */
async function listed(): Promise<Record<Sender, string[]>> {
  const list = async (url: string) => {
    const alerts = (await (await fetch(`${url}/api/v2/alerts`)).json()) as Listed[];
    return alerts.map(
      ({ labels, startsAt, status: { state, silencedBy, inhibitedBy } }) =>
        `${labels.name ?? labels.alertname} ${startsAt} ${state} silencedBy=${silencedBy} inhibitedBy=${inhibitedBy}`,
    );
  };
  const [am, tk, pg] = await Promise.all([amUrl, receiver.url, pgReceiver!.url].map(list));
  return { am: am!, tk: tk!, pg: pg! };
}
const snapshots: Array<Record<Sender, string[]>> = [];

/** The sequence, keyed on Alertmanager's ticks, which the first Prometheus alerts set. */
async function runSequence() {
  t0 = Date.now();
  exporter.set({ a: 1, s: 1, src: 1, tgt: 1, w: 1 });
  // A second on, about when Prometheus sends its first alerts.
  await at(1);
  await postManual(Date.now());
  const east = () => from('am', '/hook').find((r) => r.body.groupLabels.team === 'east');
  await waitUntil(() => east() !== undefined, {
    timeout: 20_000,
    what: 'Alertmanager notified the east group',
  });
  // Changes go half a second after a tick: Prometheus' next send (within two seconds) is well
  // before the group's next tick.
  const f1 = east()!.t;
  // While the hand-posted alert and north's source fire, each inhibits its target.
  await at(f1 + 0.4);
  snapshots.push(await listed());
  await at(f1 + 0.5);
  // b joins east, a's value (and so its annotation) changes, s resolves.
  exporter.set({ a: 2, b: 1, s: 0 });
  await at(f1 + 4.5);
  // a resolves, s fires again alone in its group, north's inhibiting source ends.
  exporter.set({ a: 0, s: 1, src: 0 });
  // The hand-posted alert has timed out and north's source has ended: neither is listed, and
  // neither inhibits any more.
  await at(f1 + 8);
  snapshots.push(await listed());
  await at(f1 + 8.5);
  // a fires again in a group that lived on; the source fires again and inhibits tgt again.
  exporter.set({ a: 1, src: 1 });
  await at(f1 + 12.5);
  exporter.set({ a: 0, b: 0, s: 0, src: 0, tgt: 0, w: 0 });
  // Every group resolved by Alertmanager, then one group_interval more for anything extra of ours.
  const allResolved = (team: string) =>
    from('am', '/hook').some(
      (r) => r.body.groupLabels.team === team && r.body.alerts.every((a) => a.status === 'resolved'),
    );
  await waitUntil(() => ['east', 'north', 'south', 'west'].every(allResolved), { timeout: 30_000 });
  await at(Math.max(...received.map((r) => r.t)) + 4.5);
}

describe.skipIf(!FOUND)(
  `the alert lifecycle from a real Prometheus, against a real Alertmanager${FOUND ? '' : ` (skipped: ${PROMETHEUS} or ${ALERTMANAGER} not found; apt-get install prometheus prometheus-alertmanager)`}`,
  () => {
    it('the same notifications (status, alerts, every payload field) within 10% of the time: fire, join, inhibition, resolve, re-fire, resolve_timeout', async () => {
      await runSequence();
      const checks: Array<[Sender, string]> = [
        ['tk', '/hook'],
        ['tk', '/quiet'],
        ['pg', '/hook'],
        ['pg', '/quiet'],
      ];
      const report: string[] = [];
      const deltas: number[] = [];
      const skews: number[] = [];
      for (const [who, path] of checks) {
        const matched = pairs(who, path);
        for (const [theirs, ours] of matched) {
          const delta = ours ? ours.t - theirs.t : Number.NaN;
          if (ours) deltas.push(delta);
          const mine = ours ? `${ours.t.toFixed(2)} s (${(delta * 1000).toFixed(0)} ms)` : 'missing';
          report.push(`${who} ${path.padEnd(6)} ${theirs.t.toFixed(2)} s / ${mine}  ${describeIt(theirs)}`);
        }
        for (const r of from(who, path))
          if (!matched.some(([, ours]) => ours === r))
            report.push(`${who} ${path.padEnd(6)} extra at ${r.t.toFixed(2)} s  ${describeIt(r)}`);
      }
      console.info(`Alertmanager / receiver, seconds after the start:\n${report.join('\n')}`);
      for (const [who, path] of checks) {
        const matched = pairs(who, path);
        expect(from(who, path).map(describeIt).sort(), `${who} ${path}: what Alertmanager sent`).toEqual(
          matched.map(([theirs]) => describeIt(theirs)).sort(),
        );
        for (const [theirs, ours] of matched) {
          const { skewMs, body } = aligned(ours!.body, theirs.body);
          skews.push(skewMs);
          expect(skewMs, 'the hand-posted alert ends resolve_timeout after each side took it').toBeLessThan(
            250,
          );
          expect(body, `${who} ${path} ${describeIt(theirs)} at ${theirs.t} s`).toEqual(theirs.body);
          const late = Math.abs(ours!.t - theirs.t);
          expect(late, `${who} ${describeIt(theirs)} at ${theirs.t} s`).toBeLessThanOrEqual(theirs.t * 0.1);
        }
      }
      // /api/v2/alerts lists what Alertmanager lists, held as Alertmanager holds it.
      for (const snapshot of snapshots) {
        expect(snapshot.tk, 'GET /api/v2/alerts (SQLite)').toEqual(snapshot.am);
        expect(snapshot.pg, 'GET /api/v2/alerts (PostgreSQL)').toEqual(snapshot.am);
      }
      const held = (list: string[]) =>
        list
          .filter((a) => a.includes(' suppressed '))
          .map((a) => a.split(' ')[0])
          .sort();
      expect(snapshots.map((snapshot) => held(snapshot.am))).toEqual([['tgt', 'w'], []]);
      // The SQLite receiver's payloads are Alertmanager's in every field, externalURL included.
      expect(from('tk', '/hook')[0]!.body.externalURL).toBe(from('am', '/hook')[0]!.body.externalURL);
      console.info(
        `${deltas.length} notifications matched; time deltas ${Math.min(...deltas).toFixed(3)} to ${Math.max(...deltas).toFixed(3)} s; resolve_timeout endsAt skew up to ${Math.max(...skews)} ms`,
      );

      // The sequence covers what it claims to (Alertmanager's side).
      const said = from('am', '/hook').map(describeIt);
      expect(said).toEqual(
        expect.arrayContaining([
          'east a=firing',
          'east a=firing b=firing',
          'east a=resolved b=firing',
          'east a=resolved b=resolved',
          'north src=firing',
          'north src=resolved tgt=firing',
          'south s=firing',
          'south s=resolved',
          'west Manual=firing',
          'west w=firing Manual=resolved',
          'west w=resolved',
        ]),
      );
      // Re-sends brought the new annotation; the re-fired alerts started anew.
      const joined = from('am', '/hook').find((r) => describeIt(r) === 'east a=firing b=firing')!;
      expect(joined.body.alerts[0]!.annotations.summary).toBe('a at 2');
      expect(said.filter((d) => d === 'south s=firing')).toHaveLength(2);
      expect(said.filter((d) => d === 'north src=firing')).toHaveLength(2);
    }, 120_000);
  },
);
