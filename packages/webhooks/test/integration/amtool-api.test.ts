import { type ChildProcess, execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { labelsFingerprint } from '../../src/events/alertmanager-alert.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { metric } from '../helpers/crash-harness.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

// The real amtool (Debian's prometheus-alertmanager) against a real receiver process, through
// Alertmanager's API v2 with the receiver's admin token as its Bearer credentials.
const AMTOOL = spawnSync('amtool', ['--version'], { stdio: 'ignore' }).status === 0;
const TOKEN = 'amtool-admin-token-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'tk-amtool-api-'));
let hook: Loopback;
let child: ChildProcess | undefined;
let url = '';
let port = 0;

interface Gettable {
  id?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  fingerprint: string;
  receivers: Array<{ name: string }>;
  status: { state: string; silencedBy: string[]; inhibitedBy: string[] };
}

/** amtool with the token (unless `auth` is false); HOME is a fresh directory so no amtool config file applies. */
function amtool(args: string[], auth = true): Promise<{ code: number; stdout: string; stderr: string }> {
  const http = auth ? [`--http.config.file=${join(dir, 'http.yml')}`] : [];
  return new Promise((resolve) => {
    execFile(
      'amtool',
      [`--alertmanager.url=${url}`, ...http, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: 20_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function sendTrackerAlert(trackerId: string) {
  const req = signedRequest(exampleAlert({ tracker_id: trackerId, tracker_name: `amtool ${trackerId}` }));
  expect((await post(`${url}/webhooks/tracker`, req.body, req.headers)).status).toBe(200);
}

beforeAll(async () => {
  if (!AMTOOL) return;
  hook = await startLoopback();
  writeFileSync(join(dir, 'http.yml'), stringify({ authorization: { credentials: TOKEN } }));
  const configPath = join(dir, 'webhooks.yaml');
  writeFileSync(
    configPath,
    stringify({
      server: { admin_token: { env: 'ADMIN_TOKEN' } },
      storage: { path: join(dir, 'store.db') },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [{ name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } }],
      route: { destination: 'slack' },
      delivery: { poll_interval: '20ms' },
      log: { level: 'warn' },
    }),
  );
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  ({ child } = await spawnReceiver(configPath, port, {
    SECRET,
    ADMIN_TOKEN: TOKEN,
    SLACK_URL: `${hook.url}/services/T0/B0/X`,
  }));
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await hook?.close();
});

describe.skipIf(!AMTOOL)(
  `amtool --alertmanager.url=<receiver> (needs Debian's prometheus-alertmanager for amtool)`,
  () => {
    it('without the token amtool is refused (401), and says so', async () => {
      const query = await amtool(['silence', 'query'], false);
      expect(query.code).not.toBe(0);
      expect(query.stderr).toMatch(/401|unauthorized/i);
    });

    it('silence add → the next matching alert is held; silence query lists it; alert query shows it silenced by it; expire ends it', async () => {
      const add = await amtool([
        'silence',
        'add',
        'tracker_id=trk_amtool',
        'signal=~"Poor|Negative"',
        '--comment=maintenance',
        '--author=ops',
        '--duration=1h',
      ]);
      expect(add).toMatchObject({ code: 0, stderr: '' });
      const id = add.stdout.trim();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      const quiet = await amtool(['silence', 'query', '-q', 'tracker_id=trk_amtool']);
      expect(quiet).toMatchObject({ code: 0, stdout: `${id}\n`, stderr: '' });
      const table = await amtool(['silence', 'query']);
      expect(table.stdout).toMatch(
        new RegExp(`^${id}\\s+tracker_id="trk_amtool" signal=~"Poor\\|Negative"\\s.*ops\\s+maintenance`, 'm'),
      );
      const json = JSON.parse((await amtool(['silence', 'query', '-o', 'json'])).stdout) as Array<{
        id: string;
        matchers: unknown;
        status: { state: string };
      }>;
      expect(json.find((s) => s.id === id)).toMatchObject({
        status: { state: 'active' },
        matchers: [
          { name: 'tracker_id', value: 'trk_amtool', isRegex: false, isEqual: true },
          { name: 'signal', value: 'Poor|Negative', isRegex: true, isEqual: true },
        ],
      });
      // A filter naming a matcher the silence does not have finds nothing (Alertmanager's rule).
      expect((await amtool(['silence', 'query', '-q', 'tracker_id=trk_other'])).stdout).toBe('');

      await sendTrackerAlert('trk_amtool');
      // Active alerts only (amtool's default): the silenced one is not among them.
      const active = JSON.parse((await amtool(['alert', 'query', '-o', 'json'])).stdout) as Gettable[];
      expect(active.some((a) => a.labels.tracker_id === 'trk_amtool')).toBe(false);
      const silenced = JSON.parse(
        (await amtool(['alert', 'query', '-s', '-o', 'json', 'tracker_id=trk_amtool'])).stdout,
      ) as Gettable[];
      expect(silenced).toHaveLength(1);
      // Shown as the webhook payload shows a tracker's alert (alertname TrackerAlert, its identity).
      expect(silenced[0]).toMatchObject({
        labels: { alertname: 'TrackerAlert', tracker_id: 'trk_amtool', signal: 'Negative' },
        receivers: [{ name: 'slack' }],
        status: { state: 'suppressed', silencedBy: [id], inhibitedBy: [] },
      });
      expect(silenced[0]!.fingerprint).toBe(labelsFingerprint(silenced[0]!.labels));
      expect(hook.requests.some((r) => r.body.includes('trk_amtool'))).toBe(false);

      const expire = await amtool(['silence', 'expire', id]);
      expect(expire).toMatchObject({ code: 0, stderr: '' });
      expect((await amtool(['silence', 'query', '-q'])).stdout).toBe('');
      expect((await amtool(['silence', 'query', '--expired', '-q'])).stdout).toBe(`${id}\n`);
      // Freed: the alert is active again.
      const freed = JSON.parse(
        (await amtool(['alert', 'query', '-o', 'json', 'tracker_id=trk_amtool'])).stdout,
      ) as Gettable[];
      expect(freed[0]?.status).toEqual({ state: 'active', silencedBy: [], inhibitedBy: [] });
    });

    it('an unknown silence id: amtool silence expire fails (404), the receiver never answers 5xx', async () => {
      const expire = await amtool(['silence', 'expire', '6f1c1a6e-0000-4000-8000-000000000000']);
      expect(expire.code).not.toBe(0);
      expect(expire.stderr).toMatch(/404|not found/i);
    });

    it('alert add posts to /api/v2/alerts: stored, routed and delivered; alert query lists it; an end in the past resolves it', async () => {
      const add = await amtool([
        'alert',
        'add',
        'DiskFull',
        'severity=critical',
        'instance=db-1:9100',
        '--annotation=summary=disk almost full',
        '--generator-url=http://prometheus.example/graph',
      ]);
      expect(add).toMatchObject({ code: 0, stderr: '' });
      await hook.waitFor((l) => l.requests.some((r) => r.body.includes('DiskFull')));

      const listed = JSON.parse(
        (await amtool(['alert', 'query', '-o', 'json', 'alertname=DiskFull'])).stdout,
      ) as Gettable[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        labels: { alertname: 'DiskFull', severity: 'critical', instance: 'db-1:9100' },
        annotations: { summary: 'disk almost full' },
        receivers: [{ name: 'slack' }],
        status: { state: 'active', silencedBy: [], inhibitedBy: [] },
        // Alertmanager's fingerprint of this label set (its FNV-1a over the sorted labels).
        fingerprint: labelsFingerprint({
          alertname: 'DiskFull',
          severity: 'critical',
          instance: 'db-1:9100',
        }),
      });
      // amtool's own table: the alert name and its summary.
      expect((await amtool(['alert', 'query', 'DiskFull'])).stdout).toMatch(/^DiskFull\s.*disk almost full/m);

      // Sent again while firing: the same alert, not a new notification.
      const deliveries = hook.requests.filter((r) => r.body.includes('DiskFull')).length;
      expect(
        (await amtool(['alert', 'add', 'DiskFull', 'severity=critical', 'instance=db-1:9100'])).code,
      ).toBe(0);
      // A witness added after it: once its notification is in and nothing is pending, one the
      // repeat had made would be in too.
      expect((await amtool(['alert', 'add', 'Witness', 'instance=w-1'])).code).toBe(0);
      await hook.waitFor(
        async (l) =>
          l.requests.some((r) => r.body.includes('Witness')) &&
          (await metric(port, 'trackerkit_webhooks_outbox_deliveries', 'state="pending"')) === 0,
      );
      expect(hook.requests.filter((r) => r.body.includes('DiskFull')).length).toBe(deliveries);

      const past = new Date(Date.now() - 1000).toISOString().replace(/\.\d+Z$/, 'Z');
      const resolve = await amtool([
        'alert',
        'add',
        'DiskFull',
        'severity=critical',
        'instance=db-1:9100',
        `--end=${past}`,
      ]);
      expect(resolve).toMatchObject({ code: 0, stderr: '' });
      expect(
        JSON.parse((await amtool(['alert', 'query', '-o', 'json', 'alertname=DiskFull'])).stdout),
      ).toEqual([]);
    });

    it('amtool config show reads /api/v2/status (no secret in it); cluster show says disabled', async () => {
      const show = await amtool(['config', 'show']);
      expect(show).toMatchObject({ code: 0, stderr: '' });
      expect(show.stdout).toContain('slack');
      expect(show.stdout).not.toContain(TOKEN);
      expect(show.stdout).not.toContain('/services/T0/B0/X');
      const cluster = await amtool(['cluster', 'show']);
      expect(cluster).toMatchObject({ code: 0, stderr: '' });
      expect(cluster.stdout).toMatch(/Status:\s+disabled/);
    });
  },
);
