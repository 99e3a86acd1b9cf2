import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { amProblems } from '../helpers/alertmanager-openapi.ts';
import {
  type AlertmanagerProcess,
  HAS_ALERTMANAGER,
  startAlertmanager,
  startReceiverOnFile,
} from '../helpers/alertmanager-process.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { freePort } from '../helpers/spawn-receiver.ts';

// The same alertmanager.yml loaded by a real Alertmanager 0.25 (Debian's) and by the receiver,
// the same alerts posted to both: the API v2 answers (receivers, alerts, groups, the `receiver`
// filter, `config.original`) and amtool's output against each must be the same, and the
// receiver's must validate against Alertmanager's own openapi.yaml.
const AMTOOL = spawnSync('amtool', ['--version'], { stdio: 'ignore' }).status === 0;
// biome-ignore lint/suspicious/noExplicitAny: API answers, compared whole between the two servers.
type Json = any;

const fixtures = new URL('../fixtures/alertmanager/', import.meta.url);
const iso = (ms: number) => new Date(ms).toISOString();
const T0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;

/** Alertmanager's documented example, its endpoints (PagerDuty, SMTP) pointed at loopback. */
function simpleYml(hook: string, smtpPort: number): string {
  const file = parse(readFileSync(new URL('simple.yml', fixtures), 'utf8'));
  file.global.pagerduty_url = `${hook}/`;
  file.global.smtp_smarthost = `127.0.0.1:${smtpPort}`;
  for (const r of file.receivers)
    for (const p of r.pagerduty_configs ?? []) {
      p.routing_key = p.service_key;
      delete p.service_key;
    }
  return stringify(file);
}

/** Receivers with two integrations, with none, and reached twice through `continue`. */
function namesYml(hook: string): string {
  return stringify({
    route: {
      receiver: 'web.hook',
      group_by: ['alertname'],
      routes: [
        { matchers: ['severity="critical"'], receiver: 'pager', continue: true },
        { matchers: ['severity="critical"'], receiver: 'pager', group_by: ['instance'] },
        { matchers: ['severity="none"'], receiver: 'blackhole' },
      ],
    },
    inhibit_rules: [
      {
        source_matchers: ['severity="critical"'],
        target_matchers: ['severity="warning"'],
        equal: ['alertname'],
      },
    ],
    receivers: [
      { name: 'web.hook', webhook_configs: [{ url: `${hook}/` }, { url: `${hook}/`, send_resolved: false }] },
      { name: 'pager', webhook_configs: [{ url: `${hook}/` }] },
      { name: 'blackhole' },
    ],
  });
}

const SIMPLE_ALERTS = [
  { alertname: 'Latency', service: 'foo1', severity: 'critical', cluster: 'c1', instance: 'a:1' },
  { alertname: 'Latency', service: 'foo1', severity: 'warning', cluster: 'c1', instance: 'a:2' },
  { alertname: 'Latency', service: 'foo2', severity: 'warning', cluster: 'c1', job: 'api' },
  { alertname: 'Backlog', service: 'database', database: 'db1', owner: 'team-X' },
  { alertname: 'Backlog', service: 'database', database: 'db2', owner: 'team-Y' },
  { alertname: 'Files', service: 'files', severity: 'critical' },
  { alertname: 'Other' },
];
const NAMES_ALERTS = [
  { alertname: 'Disk', severity: 'critical', instance: 'db-1' },
  { alertname: 'Disk', severity: 'warning', instance: 'db-1' },
  { alertname: 'Disk', severity: 'warning', instance: 'db-2' },
  { alertname: 'Quiet', severity: 'none' },
  { alertname: 'Cpu', severity: 'info' },
];

const CASES = [
  { name: 'simple.yml', file: simpleYml, alerts: SIMPLE_ALERTS },
  { name: 'receivers with two integrations, none, and continue', file: namesYml, alerts: NAMES_ALERTS },
];

async function getJson(base: string, path: string): Promise<Json> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** What of an alert both servers decide: times and `updatedAt` are each server's own clock. */
const decided = (a: Json) => ({
  fingerprint: a.fingerprint,
  labels: a.labels,
  receivers: a.receivers,
  status: a.status,
});
const groupsShape = (groups: Json[]) =>
  groups.map((g) => ({ labels: g.labels, receiver: g.receiver, alerts: g.alerts.map(decided) }));

/** Everything compared, read from one server. */
async function answers(base: string) {
  const receivers: Json[] = await getJson(base, '/api/v2/receivers');
  const byReceiver: Record<string, unknown> = {};
  for (const { name } of receivers) {
    const q = `?receiver=${encodeURIComponent(name)}`;
    byReceiver[name] = {
      alerts: (await getJson(base, `/api/v2/alerts${q}`)).map(decided),
      groups: groupsShape(await getJson(base, `/api/v2/alerts/groups${q}`)),
    };
  }
  return {
    receivers,
    alerts: (await getJson(base, '/api/v2/alerts')).map(decided),
    groups: groupsShape(await getJson(base, '/api/v2/alerts/groups')),
    byReceiver,
  };
}

function amtool(base: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'amtool',
      [`--alertmanager.url=${base}`, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: tmpdir() }, timeout: 20_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.skipIf(!HAS_ALERTMANAGER)(
  `API v2 names and shapes against a real Alertmanager 0.25${HAS_ALERTMANAGER ? '' : ' (skipped: apt-get install prometheus-alertmanager)'}`,
  () => {
    describe.each(CASES)('$name', ({ file, alerts }) => {
      const dir = mkdtempSync(join(tmpdir(), 'tk-am-names-'));
      let hook: Loopback;
      let am: AlertmanagerProcess;
      let receiver: Receiver;

      beforeAll(async () => {
        hook = await startLoopback();
        const path = join(dir, 'alertmanager.yml');
        writeFileSync(path, file(hook.url, await freePort()));
        am = await startAlertmanager(path, dir);
        receiver = await startReceiverOnFile(path, dir);
      }, 60_000);

      afterAll(async () => {
        await receiver?.close();
        await am?.stop();
        await hook?.close();
        rmSync(dir, { recursive: true, force: true });
      });

      // First, before any alert: Alertmanager writes some defaults into its configuration only
      // when it first notifies (PagerDuty's `severity: error`), and its text changes then.
      it('config.original is the text Alertmanager prints for the file (defaults, <secret>, its order); amtool reads both alike', async () => {
        const theirs = (await getJson(am.url, '/api/v2/status')).config.original;
        const ours = (await getJson(receiver.url, '/api/v2/status')).config.original;
        expect(ours).toBe(theirs);
        if (!AMTOOL) return;
        const commands = [
          ['config', 'show'],
          ['config', 'routes', 'show'],
          ...alerts.map((labels) => [
            'config',
            'routes',
            'test',
            ...Object.entries(labels).map(([k, v]) => `${k}=${v}`),
          ]),
        ];
        for (const args of commands) {
          const [mine, reference] = [await amtool(receiver.url, args), await amtool(am.url, args)];
          expect([args.join(' '), mine]).toEqual([args.join(' '), reference]);
          expect([args.join(' '), reference.code]).toEqual([args.join(' '), 0]);
        }
      });

      it('receivers, alerts, groups and the receiver filter as Alertmanager answers them, valid by its openapi.yaml', async () => {
        const body = JSON.stringify(
          alerts.map((labels) => ({ labels, startsAt: iso(T0), endsAt: iso(T0 + 3_600_000) })),
        );
        for (const base of [am.url, receiver.url]) {
          const res = await fetch(`${base}/api/v2/alerts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          expect(res.status).toBe(200);
        }
        // Alertmanager's dispatcher and inhibitor take alerts asynchronously: bounded wait until the
        // two agree, then the comparison is asserted (its diff is the failure message).
        let theirs = await answers(am.url);
        let ours = await answers(receiver.url);
        let i = 0;
        await waitUntil(
          async () => {
            if (!isDeepStrictEqual(theirs, ours)) {
              i++;
              theirs = await answers(am.url);
              ours = await answers(receiver.url);
            }
            return isDeepStrictEqual(theirs, ours);
          },
          { interval: 50, what: 'the receiver and Alertmanager agree' },
        ).catch(() => {}); // the diff below is the better failure message
        expect(ours).toEqual(theirs);
        expect(ours.alerts).toHaveLength(alerts.length);
        console.info(
          `groups: receiver ${ours.groups.length}, Alertmanager ${theirs.groups.length} (${i} rereads)`,
        );

        const raw = {
          'receiver[]': await getJson(receiver.url, '/api/v2/receivers'),
          gettableAlerts: await getJson(receiver.url, '/api/v2/alerts'),
          alertGroups: await getJson(receiver.url, '/api/v2/alerts/groups'),
          alertmanagerStatus: await getJson(receiver.url, '/api/v2/status'),
        };
        for (const [definition, value] of Object.entries(raw))
          expect([definition, amProblems(definition, value)]).toEqual([definition, []]);
      });

      it.skipIf(!AMTOOL)(
        'amtool alert query (all, per --receiver) and silence query print the same against both',
        async () => {
          const receivers: Json[] = await getJson(am.url, '/api/v2/receivers');
          const commands = [
            ['alert', 'query', '-a'],
            ['alert', 'query', '-a', '-o', 'json'],
            ...receivers.map(({ name }) => ['alert', 'query', '-a', `--receiver=${name}`]),
            ['silence', 'query'],
          ];
          for (const args of commands) {
            const theirs = await amtool(am.url, args);
            const ours = await amtool(receiver.url, args);
            const shown = (r: { code: number; stdout: string; stderr: string }) =>
              args.includes('json') ? { ...r, stdout: JSON.parse(r.stdout).map(decided) } : r;
            expect([args.join(' '), shown(ours)]).toEqual([args.join(' '), shown(theirs)]);
            expect([args.join(' '), theirs.code]).toEqual([args.join(' '), 0]);
          }
        },
      );
    });
  },
);
