import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';
import { freePort } from '../helpers/spawn-receiver.ts';

// A real Alertmanager from Debian's prometheus-alertmanager package, on loopback, behind basic
// auth (its --web.config.file), receiving from a real receiver over the full path: signed alert
// in, stored, routed, delivered to /api/v2/alerts.
const BINARY = '/usr/bin/prometheus-alertmanager';
const FOUND = spawnSync(BINARY, ['--version'], { stdio: 'ignore' }).status === 0;
const USER = 'trackerkit';
const PASSWORD = 'trackerkit-am-password';
// bcrypt (cost 4) of PASSWORD, as Alertmanager's web config wants it.
const PASSWORD_HASH = '$2b$04$5V2cKgb6WUJCwv8frodXQeVwmsCptO9QPAMS4JQwmavk8AZ.bECdO';
const AUTH = { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` };

interface AmAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  endsAt: string;
  generatorURL?: string;
  status: { state: string };
}

const dir = mkdtempSync(join(tmpdir(), 'tk-am-'));
let am: ChildProcess | undefined;
let amUrl = '';
let amLog = '';
let receiver: Receiver;
let bearer: Loopback;

/** Polls until `read` gives a value; the test's own timeout bounds the wait. */
/** `read`'s first value, polled (a failed read counts as none yet) until Alertmanager has it. */
function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  return waitUntil(
    async () => {
      const value = await read().catch(() => undefined);
      if (value === undefined && am?.exitCode !== null) throw new Error(`alertmanager exited: ${amLog}`);
      return value;
    },
    { interval: 50, what: 'an answer from Alertmanager' },
  ) as Promise<T>;
}

async function amAlerts(query = ''): Promise<AmAlert[]> {
  const response = await fetch(`${amUrl}/api/v2/alerts${query}`, { headers: AUTH });
  if (!response.ok) throw new Error(`GET /api/v2/alerts: ${response.status}`);
  return (await response.json()) as AmAlert[];
}

async function send(event: unknown) {
  const req = signedRequest(event);
  const res = await post(receiver.sourceUrls.tracker!, req.body, req.headers);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  if (!FOUND) return;
  const port = await freePort();
  amUrl = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, 'alertmanager.yml'),
    "route: { receiver: 'null' }\nreceivers: [{ name: 'null' }]\n",
  );
  writeFileSync(join(dir, 'web.yml'), `basic_auth_users:\n  ${USER}: '${PASSWORD_HASH}'\n`);
  am = spawn(
    BINARY,
    [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--web.config.file=${join(dir, 'web.yml')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      `--storage.path=${join(dir, 'data')}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  am.stderr!.on('data', (chunk: Buffer) => {
    amLog = `${amLog}${chunk}`.slice(-4000);
  });
  await until(async () => ((await fetch(`${amUrl}/-/ready`, { headers: AUTH })).ok ? true : undefined));

  bearer = await startLoopback();
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  receiver = await startReceiver({
    port: 0,
    env: { SECRET, AM_PASSWORD: PASSWORD, AM_TOKEN: 'am-bearer-token-value' },
    config: {
      storage: { path: join(dir, 'store.db') },
      // The run links of the alerts below are offered: their console's origin.
      links: { console_origins: ['https://console.example'] },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [
        {
          name: 'am',
          type: 'alertmanager',
          url: `${amUrl}/`,
          basic_auth: { username: USER, password: { env: 'AM_PASSWORD' } },
        },
        {
          name: 'am-bearer',
          type: 'alertmanager',
          url: `${bearer.url}/prefix`,
          alertname: 'SupplierRisk',
          bearer_token: { env: 'AM_TOKEN' },
        },
      ],
      route: {
        destination: 'am',
        routes: [{ matchers: { tracker_id: 'trk_bearer' }, destination: 'am-bearer' }],
      },
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    },
  });
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await bearer?.close();
  if (am && am.exitCode === null) {
    const exited = new Promise((resolve) => am!.once('exit', resolve));
    am.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!FOUND)(
  `alertmanager destination against a real Alertmanager${FOUND ? '' : ` (skipped: ${BINARY} not found; apt-get install prometheus-alertmanager)`}`,
  () => {
    const now = Date.now();
    const firing = exampleAlert({
      tracker_id: 'trk_am_1',
      url: 'https://console.example/runs/am1',
    });
    firing.timestamp = new Date(now - 60_000).toISOString();
    const other = exampleAlert({ tracker_id: 'trk_am_2', tracker_name: 'Other tracker' });

    it('a tracker.alert becomes an active alert with the identity labels and the text as annotations', async () => {
      await send(firing);
      await send(other);
      const alert = await until(async () => {
        const list = await amAlerts();
        return list.find((a) => a.labels.tracker_id === 'trk_am_1');
      });
      expect(alert.labels).toEqual({
        alertname: 'TrackerAlert',
        tracker_id: 'trk_am_1',
        tracker_name: firing.data.tracker_name,
        space_id: firing.data.space_id,
      });
      expect(alert.annotations).toEqual({
        summary: `${firing.data.tracker_name}: score 2 (Negative), crossed the lower bound 3`,
        description: firing.data.analysis,
        reason: firing.data.reason,
        event: 'tracker.alert',
        signal: 'Negative',
        bound: 'lower',
        score: '2',
      });
      expect(alert.generatorURL).toBe('https://console.example/runs/am1');
      expect(Date.parse(alert.startsAt)).toBe(Date.parse(firing.timestamp));
      expect(alert.status.state).toBe('active');
    });

    it('tracker.alert.resolved (another score, signal and bound) resolves that same alert, only it', {
      timeout: 20_000,
    }, async () => {
      const resolved = exampleResolved({ tracker_id: 'trk_am_1' });
      resolved.timestamp = new Date().toISOString();
      await send(resolved);
      const active = await until(async () => {
        const list = await amAlerts('?active=true');
        return list.some((a) => a.labels.tracker_id === 'trk_am_1') ? undefined : list;
      });
      // The other tracker's alert is untouched: the resolve matched one label set, not everything.
      expect(active.map((a) => a.labels.tracker_id)).toEqual(['trk_am_2']);
      // Not merely absent: Alertmanager counted a resolved alert, and holds none for it at all
      // (GET /api/v2/alerts leaves out alerts whose endsAt has passed).
      const metrics = await (await fetch(`${amUrl}/metrics`, { headers: AUTH })).text();
      const received = /alertmanager_alerts_received_total\{status="resolved",version="v2"\} (\d+)/.exec(
        metrics,
      );
      expect(Number(received?.[1])).toBeGreaterThanOrEqual(1);
      expect((await amAlerts()).some((a) => a.labels.tracker_id === 'trk_am_1')).toBe(false);
    });

    it('bearer token, a configured alertname and a path prefix reach <url>/api/v2/alerts', async () => {
      await send(exampleAlert({ tracker_id: 'trk_bearer' }));
      await bearer.waitFor((l) => l.requests.length >= 1);
      const r = bearer.requests[0]!;
      expect(r.url).toBe('/prefix/api/v2/alerts');
      expect(r.headers.authorization).toBe('Bearer am-bearer-token-value');
      expect(r.json).toMatchObject([{ labels: { alertname: 'SupplierRisk', tracker_id: 'trk_bearer' } }]);
    });
  },
);
