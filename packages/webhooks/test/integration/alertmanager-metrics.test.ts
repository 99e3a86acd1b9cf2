import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import {
  type AlertmanagerProcess,
  HAS_ALERTMANAGER,
  startAlertmanager,
  startReceiverOnFile,
} from '../helpers/alertmanager-process.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { type Spawned, spawnReady } from '../helpers/prometheus-stack.ts';
import { freePort } from '../helpers/spawn-receiver.ts';

// A real Prometheus (Debian's 2.42) scrapes the receiver's /metrics on loopback and finds the
// series the dashboards and alert rules written for Alertmanager query; their names, help, types
// and label names are held to a real Alertmanager 0.25's own /metrics.
const PROMETHEUS = '/usr/bin/prometheus';
const HAS_PROMETHEUS = spawnSync(PROMETHEUS, ['--version'], { stdio: 'ignore' }).status === 0;

const dir = mkdtempSync(join(tmpdir(), 'tk-am-metrics-'));
let ok: Loopback;
let refusing: Loopback;
let receiver: Receiver;
let prometheus: Spawned | undefined;
let promUrl = '';

/** The receiver's alertmanager.yml: a webhook that takes notifications, one that refuses them, and an inhibit rule. */
const FILE = (good: string, bad: string) =>
  stringify({
    route: {
      receiver: 'team',
      group_by: ['alertname'],
      group_wait: '10ms',
      routes: [{ matchers: ['alertname="Refused"'], receiver: 'broken' }],
    },
    inhibit_rules: [
      {
        source_matchers: ['severity="critical"'],
        target_matchers: ['severity="warning"'],
        equal: ['alertname'],
      },
    ],
    receivers: [
      { name: 'team', webhook_configs: [{ url: `${good}/` }] },
      { name: 'broken', webhook_configs: [{ url: `${bad}/` }] },
    ],
  });

async function query(
  expr: string,
): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
  const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; data: { result: never[] } };
  if (body.status !== 'success') throw new Error(`query ${expr}: ${JSON.stringify(body)}`);
  return body.data.result;
}

/** `# HELP` and `# TYPE` of every alertmanager_* family, and each family's label names. */
function families(text: string) {
  const out = new Map<string, { help?: string; type?: string; labels: Set<string> }>();
  const of = (name: string) => {
    const family = name.replace(/_(bucket|sum|count)$/, '');
    const entry = out.get(family) ?? { labels: new Set<string>() };
    out.set(family, entry);
    return entry;
  };
  for (const line of text.split('\n')) {
    const meta = /^# (HELP|TYPE) (alertmanager_\w+) (.*)$/.exec(line);
    if (meta) {
      const entry = of(meta[2]!);
      if (meta[1] === 'HELP') entry.help = meta[3];
      else entry.type = meta[3];
      continue;
    }
    const sample = /^(alertmanager_\w+)\{([^}]*)\}/.exec(line);
    if (!sample) continue;
    for (const [, name] of sample[2]!.matchAll(/(\w+)="/g))
      if (name !== 'le') of(sample[1]!).labels.add(name!);
  }
  return out;
}

beforeAll(async () => {
  ok = await startLoopback();
  refusing = await startLoopback();
  refusing.fallback = { status: 400, body: { error: 'no' } };
  const path = join(dir, 'alertmanager.yml');
  writeFileSync(path, FILE(ok.url, refusing.url));
  receiver = await startReceiverOnFile(path, dir);
  const post = (body: unknown, path: string) =>
    fetch(`${receiver.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const silence = await post(
    {
      matchers: [{ name: 'alertname', value: 'Muted', isRegex: false, isEqual: true }],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      createdBy: 'ops',
      comment: 'metrics',
    },
    '/api/v2/silences',
  );
  expect(silence.status).toBe(200);
  const alerts = await post(
    [
      { labels: { alertname: 'Disk', severity: 'critical' } },
      { labels: { alertname: 'Disk', severity: 'warning' } },
      { labels: { alertname: 'Muted' } },
      { labels: { alertname: 'Refused' } },
    ],
    '/api/v2/alerts',
  );
  expect(alerts.status).toBe(200);
  if (!HAS_PROMETHEUS) return;
  const port = await freePort();
  promUrl = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s' },
      scrape_configs: [{ job_name: 'receiver', static_configs: [{ targets: [new URL(receiver.url).host] }] }],
    }),
  );
  prometheus = await spawnReady(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    `${promUrl}/-/ready`,
  );
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await receiver?.close();
  await ok?.close();
  await refusing?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Alertmanager's metric names beside the receiver's own", () => {
  it('the receiver counts its notifications, failed ones, alerts and silences by state as Alertmanager would', async () => {
    await waitUntil(() => ok.requests.length > 0, { timeout: 20_000 });
    await waitUntil(
      async () => {
        const t = await (await fetch(`${receiver.url}/metrics`)).text();
        return /alertmanager_notifications_failed_total\{integration="webhook"\} 1/.test(t);
      },
      { timeout: 20_000 },
    );
    const now = await (await fetch(`${receiver.url}/metrics`)).text();
    // Disk critical active; Disk warning inhibited and Muted silenced; Refused active.
    expect(now).toContain('alertmanager_alerts{state="active"} 2');
    expect(now).toContain('alertmanager_alerts{state="suppressed"} 2');
    expect(now).toContain('alertmanager_alerts{state="unprocessed"} 0');
    expect(now).toContain('alertmanager_silences{state="active"} 1');
    expect(now).toContain('alertmanager_silences{state="expired"} 0');
    expect(now).toMatch(/alertmanager_notifications_total\{integration="webhook"\} [2-9]/);
    expect(now).toContain('alertmanager_notification_latency_seconds_bucket{integration="webhook",le="20"}');
    expect(now).toContain('trackerkit_webhooks_received_total');
  });

  it.skipIf(!HAS_PROMETHEUS)(
    'a real Prometheus scraping /metrics finds the alertmanager_* series',
    async () => {
      const expected: Array<[string, (v: number) => boolean]> = [
        ['alertmanager_notifications_total{integration="webhook"}', (v) => v >= 2],
        ['alertmanager_notifications_failed_total{integration="webhook"}', (v) => v === 1],
        ['alertmanager_notification_requests_total{integration="webhook"}', (v) => v >= 2],
        ['alertmanager_notification_requests_failed_total{integration="webhook"}', (v) => v >= 1],
        ['alertmanager_notification_latency_seconds_count{integration="webhook"}', (v) => v >= 2],
        ['alertmanager_alerts{state="active"}', (v) => v === 2],
        ['alertmanager_alerts{state="suppressed"}', (v) => v === 2],
        ['alertmanager_silences{state="active"}', (v) => v === 1],
      ];
      const found = async () => {
        const values = await Promise.all(expected.map(async ([expr]) => (await query(expr))[0]?.value[1]));
        return values.map((v, i) => [expected[i]![0], v] as const);
      };
      await waitUntil(
        async () => (await found()).every(([, v], i) => v !== undefined && expected[i]![1](Number(v))),
        { timeout: 30_000 },
      );
      const values = await found();
      for (const [i, [expr, v]] of values.entries())
        expect([expr, v !== undefined && expected[i]![1](Number(v))]).toEqual([expr, true]);
      // Dashboards' usual forms work unchanged.
      const ratio = await query(
        'sum by (integration) (alertmanager_notifications_failed_total) / sum by (integration) (alertmanager_notifications_total)',
      );
      expect(ratio.map((r) => r.metric.integration)).toEqual(['webhook']);
    },
  );

  describe.skipIf(!HAS_ALERTMANAGER)('held to a real Alertmanager 0.25', () => {
    let am: AlertmanagerProcess;
    beforeAll(async () => {
      const path = join(dir, 'reference.yml');
      writeFileSync(path, FILE(ok.url, refusing.url));
      am = await startAlertmanager(path, dir);
    }, 60_000);
    afterAll(async () => {
      await am?.stop();
    });

    it('each alertmanager_* family the receiver exposes has Alertmanager’s help, type and label names', async () => {
      const theirs = families(await (await fetch(`${am.url}/metrics`)).text());
      const ours = families(await (await fetch(`${receiver.url}/metrics`)).text());
      expect([...ours.keys()].sort()).toEqual([
        'alertmanager_alerts',
        'alertmanager_notification_latency_seconds',
        'alertmanager_notification_requests_failed_total',
        'alertmanager_notification_requests_total',
        'alertmanager_notifications_failed_total',
        'alertmanager_notifications_total',
        'alertmanager_silences',
      ]);
      for (const [name, family] of ours) {
        const reference = theirs.get(name);
        expect([name, family.help, family.type, [...family.labels].sort()]).toEqual([
          name,
          reference?.help,
          reference?.type,
          [...(reference?.labels ?? [])].sort(),
        ]);
      }
      // The histogram's buckets are Alertmanager's.
      const buckets = (text: string) =>
        [
          ...text.matchAll(
            /alertmanager_notification_latency_seconds_bucket\{integration="webhook",le="([^"]+)"\}/g,
          ),
        ].map((m) => m[1]);
      expect(buckets(await (await fetch(`${receiver.url}/metrics`)).text())).toEqual(
        buckets(await (await fetch(`${am.url}/metrics`)).text()),
      );
    });
  });
});
