import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelsFingerprint } from '../../src/events/alertmanager-alert.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { SECRET } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';

// Alertmanager's API v2 on a real receiver over real sockets: what Prometheus, amtool and Grafana
// send and read, with the receiver's admin token and origin rule in front.
// biome-ignore lint/suspicious/noExplicitAny: response shapes vary per endpoint; the assertions check them.
type Json = any;
const TOKEN = 'am-api-token-0123456789';
let receiver: Receiver;
let hook: Loopback;

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  hook = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    host: '127.0.0.1',
    storagePath: join(mkdtempSync(join(tmpdir(), 'tk-am-api-')), 'store.db'),
    config: {
      server: { admin_token: { env: 'ADMIN_TOKEN' }, body_limit: '16kb' },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [
        { name: 'chat', type: 'slack', url: { env: 'CHAT_URL' } },
        { name: 'pager', type: 'slack', url: { env: 'PAGER_URL' } },
      ],
      route: {
        destination: 'chat',
        group_by: ['alertname'],
        group_wait: '10ms',
        group_interval: '1h',
        routes: [{ matchers: ['severity="critical"'], destination: 'pager' }],
      },
      inhibit_rules: [
        {
          source_matchers: ['severity=critical'],
          target_matchers: ['severity=warning'],
          equal: ['alertname'],
        },
      ],
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    },
    env: {
      SECRET,
      ADMIN_TOKEN: TOKEN,
      CHAT_URL: `${hook.url}/services/chat/B0/X`,
      PAGER_URL: `${hook.url}/services/pager/B0/X`,
    },
  });
});

afterAll(async () => {
  await receiver?.close();
  await hook?.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
): Promise<{ status: number; text: string; json: Json; headers: Headers }> {
  const response = await fetch(`${receiver.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, text, json, headers: response.headers };
}

const iso = (ms: number) => new Date(ms).toISOString();
const alerts = async (query = '') => (await call('GET', `/api/v2/alerts${query}`)).json as Json[];
const find = (list: Json[], labels: Record<string, string>) =>
  list.find((a) => a.fingerprint === labelsFingerprint(labels));
/** The state of the outbox rows of posted alerts whose body carries `text`. */
async function states(text: string) {
  const all = ['pending', 'delivered', 'dead', 'muted', 'silenced', 'inhibited'] as const;
  const rows = (await Promise.all(all.map((s) => receiver.store.list(s)))).flat();
  return rows.filter((r) => r.source === 'alertmanager-api' && r.body.includes(text)).map((r) => r.state);
}

const CRITICAL = { alertname: 'DiskFull', severity: 'critical', instance: 'db-1' };
const WARNING = { alertname: 'DiskFull', severity: 'warning', instance: 'db-1' };

describe('the admin token and the origin rule guard every /api/v2 endpoint; the probes are open', () => {
  it.each([
    ['GET', '/api/v2/alerts'],
    ['POST', '/api/v2/alerts'],
    ['GET', '/api/v2/alerts/groups'],
    ['GET', '/api/v2/silences'],
    ['GET', '/api/v2/silence/6f1c1a6e-0000-4000-8000-000000000000'],
    ['DELETE', '/api/v2/silence/6f1c1a6e-0000-4000-8000-000000000000'],
    ['GET', '/api/v2/status'],
    ['GET', '/api/v2/receivers'],
  ])('%s %s without the token: 401', async (method, path) => {
    const body = method === 'POST' ? [{ labels: { alertname: 'NoToken' } }] : undefined;
    const res = await call(method, path, body, {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.json.error).toMatch(/needs Authorization: Bearer/);
  });

  it('a page of another site is refused without the token (403 naming Origin); a body not JSON is 415, with it', async () => {
    const foreign = await call('GET', '/api/v2/alerts', undefined, { origin: 'http://evil.example' });
    expect(foreign).toMatchObject({ status: 403, json: { header: 'origin', reason: 'foreign_origin' } });
    const form = await fetch(`${receiver.url}/api/v2/alerts`, {
      method: 'POST',
      body: 'labels=x',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await alerts()).some((a) => a.labels.alertname === 'NoToken')).toBe(false);
  });

  it('/-/healthy and /-/ready answer OK as Alertmanager (GET and HEAD, no token)', async () => {
    for (const path of ['/-/healthy', '/-/ready']) {
      const get = await call('GET', path, undefined, {});
      expect(get).toMatchObject({ status: 200, text: 'OK' });
      expect((await fetch(`${receiver.url}${path}`, { method: 'HEAD' })).status).toBe(200);
    }
  });
});

describe("POST /api/v2/alerts: alerts in Alertmanager's shape are stored, routed on their labels and delivered", () => {
  let firstStart = '';
  it('a firing alert: 200 with no body, routed by its labels, listed with its receivers and fingerprint', async () => {
    const startsAt = iso(Date.now() - 60_000);
    firstStart = startsAt;
    const post = await call('POST', '/api/v2/alerts', [
      {
        labels: CRITICAL,
        annotations: { summary: 'disk almost full' },
        startsAt,
        generatorURL: 'http://prometheus.example/graph',
      },
    ]);
    expect(post).toMatchObject({ status: 200, text: '' });
    await hook.waitFor((l) =>
      l.requests.some((r) => r.url.includes('/pager/') && r.body.includes('DiskFull')),
    );
    const listed = find(await alerts(), CRITICAL);
    expect(listed).toMatchObject({
      labels: CRITICAL,
      annotations: { summary: 'disk almost full' },
      startsAt,
      generatorURL: 'http://prometheus.example/graph',
      receivers: [{ name: 'pager' }],
      status: { state: 'active', silencedBy: [], inhibitedBy: [] },
    });
    expect(Date.parse(listed.endsAt)).toBeGreaterThan(Date.now());
  });

  it('sent again while it fires (Prometheus resends every minute): the same alert, its end moved, nothing new sent', async () => {
    const before = hook.requests.length;
    const endsAt = iso(Date.now() + 240_000);
    const again = await call('POST', '/api/v2/alerts', [{ labels: CRITICAL, endsAt }]);
    expect(again.status).toBe(200);
    expect(await states('"severity":"critical"')).toHaveLength(1);
    // A witness posted after it, in a group of its own: once its notification is in and nothing is
    // pending, a notification the repost made (at group_wait, as the witness's) would be in too.
    const witness = { alertname: 'Witness', instance: 'w-1' };
    expect((await call('POST', '/api/v2/alerts', [{ labels: witness }])).status).toBe(200);
    await hook.waitFor(
      async (l) =>
        l.requests.slice(before).some((r) => r.body.includes('Witness')) &&
        (await receiver.store.list('pending')).length === 0,
    );
    expect(hook.requests.slice(before).map((r) => r.body.includes('Witness'))).toEqual([true]);
    // Resolved, the witness leaves the lists the next cases read.
    await call('POST', '/api/v2/alerts', [{ labels: witness, endsAt: iso(Date.now() - 1000) }]);
    // Alertmanager keeps the first start when it merges, and the end the sender gave last.
    const listed = find(await alerts(), CRITICAL);
    expect(listed.startsAt).toBe(firstStart);
    expect(listed.endsAt).toBe(endsAt);
  });

  it("an inhibit rule holds the warning while the critical fires: inhibitedBy names the source's fingerprint", async () => {
    expect((await call('POST', '/api/v2/alerts', [{ labels: WARNING }])).status).toBe(200);
    expect(await states('"severity":"warning"')).toEqual(['inhibited']);
    const warning = find(await alerts(), WARNING);
    expect(warning.status).toEqual({
      state: 'suppressed',
      silencedBy: [],
      inhibitedBy: [labelsFingerprint(CRITICAL)],
    });
    expect(find(await alerts('?inhibited=false'), WARNING)).toBeUndefined();
    expect(find(await alerts('?active=false'), CRITICAL)).toBeUndefined();
    expect(find(await alerts('?active=false'), WARNING)).toBeDefined();
  });

  it('a silence made through /api/v2/silences holds a matching alert: silencedBy names it', async () => {
    const made = await call('POST', '/api/v2/silences', {
      matchers: [{ name: 'instance', value: 'db-2', isRegex: false, isEqual: true }],
      startsAt: iso(Date.now()),
      endsAt: iso(Date.now() + 3_600_000),
      createdBy: 'ops',
      comment: 'db-2 maintenance',
    });
    expect(made.status).toBe(200);
    const id = made.json.silenceID as string;
    const labels = { alertname: 'DiskFull', severity: 'info', instance: 'db-2' };
    expect((await call('POST', '/api/v2/alerts', [{ labels }])).status).toBe(200);
    expect(await states('"instance":"db-2"')).toEqual(['silenced']);
    expect(find(await alerts(), labels).status).toEqual({
      state: 'suppressed',
      silencedBy: [id],
      inhibitedBy: [],
    });
    expect(find(await alerts('?silenced=false'), labels)).toBeUndefined();
  });

  it('filter and receiver parameters as Alertmanager; a bad one is a 400 whose body is a JSON string', async () => {
    const critical = await alerts(`?filter=${encodeURIComponent('severity="critical"')}`);
    expect(critical.map((a) => a.labels.severity)).toEqual(['critical']);
    const two = await alerts(
      `?filter=alertname%3DDiskFull&filter=${encodeURIComponent('instance=~"db-.*"')}`,
    );
    expect(two).toHaveLength(3);
    expect((await alerts('?receiver=pag.*')).map((a) => a.labels.severity)).toEqual(['critical']);
    const badFilter = await call('GET', '/api/v2/alerts?filter=nonsense');
    expect(badFilter.status).toBe(400);
    expect(badFilter.json).toMatch(/^@trackerkit\/webhooks: filter: bad matcher/);
    const badReceiver = await call('GET', '/api/v2/alerts?receiver=(');
    expect(badReceiver.status).toBe(400);
    expect(badReceiver.json).toMatch(/^@trackerkit\/webhooks: receiver: /);
  });

  it('GET /api/v2/alerts/groups: by route, group_by labels and receiver', async () => {
    const groups = (await call('GET', '/api/v2/alerts/groups')).json as Json[];
    const shape = groups.map((g) => [
      g.labels,
      g.receiver.name,
      g.alerts.map((a: Json) => a.labels.severity).sort(),
    ]);
    expect(shape).toEqual([
      [{ alertname: 'DiskFull' }, 'chat', ['info', 'warning']],
      [{ alertname: 'DiskFull' }, 'pager', ['critical']],
    ]);
    const pager = (await call('GET', '/api/v2/alerts/groups?receiver=pager')).json as Json[];
    expect(pager.map((g) => g.receiver.name)).toEqual(['pager']);
  });

  it('an end in the past resolves: no longer listed, and what it inhibited is active again', async () => {
    expect(
      (await call('POST', '/api/v2/alerts', [{ labels: CRITICAL, endsAt: iso(Date.now() - 1000) }])).status,
    ).toBe(200);
    expect(find(await alerts(), CRITICAL)).toBeUndefined();
    expect(find(await alerts(), WARNING).status).toEqual({
      state: 'active',
      silencedBy: [],
      inhibitedBy: [],
    });
  });

  it('a resolve for an alert not firing here is kept, sent nowhere', async () => {
    const labels = { alertname: 'NeverFired' };
    expect((await call('POST', '/api/v2/alerts', [{ labels, endsAt: iso(Date.now() - 1000) }])).status).toBe(
      200,
    );
    const stored = await receiver.store.browse.recentAlerts(50);
    const row = stored.find((a) => a.source === 'alertmanager-api' && a.body.includes('NeverFired'));
    expect(row).toMatchObject({ eventType: 'alertmanager.alert', deliveries: [] });
  });

  it('the valid alerts of a batch are taken, the others named in a 400 (as Alertmanager)', async () => {
    const res = await call('POST', '/api/v2/alerts', [
      { labels: { alertname: 'GoodOne' } },
      { labels: { alertname: '' } },
      { labels: { '1x': 'y' } },
    ]);
    expect(res.status).toBe(400);
    expect(res.json).toBe(
      '@trackerkit/webhooks: alerts.1.labels: at least one label pair required; alerts.2.labels.1x: invalid name (letters, digits and _, not starting with a digit)',
    );
    expect(find(await alerts(), { alertname: 'GoodOne' })).toBeDefined();
  });

  it.each([
    ['not JSON', '[{', 400, /body is not valid JSON/],
    ['not an array', { labels: { a: 'b' } }, 400, /\(body\): must be a JSON array/],
    ['over server.body_limit', [{ labels: { a: 'x'.repeat(20_000) } }], 413, /exceeds the limit/],
  ])('%s: %i, never 5xx', async (_name, body, status, message) => {
    const res = await call('POST', '/api/v2/alerts', body);
    expect(res.status).toBe(status);
    expect(res.json).toMatch(message);
  });
});

describe('silences API v2 (amtool silence, Grafana)', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    matchers: [{ name: 'alertname', value: 'Backup', isRegex: false, isEqual: true }],
    startsAt: iso(Date.now()),
    endsAt: iso(Date.now() + 3_600_000),
    createdBy: 'ops',
    comment: 'backups',
    ...extra,
  });

  it('create, read, filter, update in place or anew, expire: shapes and status codes as Alertmanager', async () => {
    const made = await call('POST', '/api/v2/silences', body({ id: '' }));
    expect(made.status).toBe(200);
    const id = made.json.silenceID as string;
    const one = await call('GET', `/api/v2/silence/${id}`);
    expect(one.json).toMatchObject({
      id,
      status: { state: 'active' },
      matchers: [{ name: 'alertname', value: 'Backup', isRegex: false, isEqual: true }],
      createdBy: 'ops',
      comment: 'backups',
    });
    const filtered = (
      await call('GET', `/api/v2/silences?filter=${encodeURIComponent('alertname="Backup"')}`)
    ).json as Json[];
    expect(filtered.map((s) => s.id)).toEqual([id]);
    expect((await call('GET', '/api/v2/silences?filter=alertname%3DOther')).json).toEqual([]);

    // Same matchers, a later end: changed in place. Other matchers: the old one expires, a new id.
    const longer = await call(
      'POST',
      '/api/v2/silences',
      body({ id, startsAt: one.json.startsAt, endsAt: iso(Date.now() + 7_200_000) }),
    );
    expect(longer.json).toEqual({ silenceID: id });
    const moved = await call(
      'POST',
      '/api/v2/silences',
      body({ id, matchers: [{ name: 'alertname', value: 'Backup2', isRegex: false, isEqual: true }] }),
    );
    expect(moved.status).toBe(200);
    expect(moved.json.silenceID).not.toBe(id);
    expect((await call('GET', `/api/v2/silence/${id}`)).json.status.state).toBe('expired');

    const expire = await call('DELETE', `/api/v2/silence/${moved.json.silenceID}`);
    expect(expire).toMatchObject({ status: 200, text: '' });
    expect((await call('DELETE', `/api/v2/silence/${moved.json.silenceID}`)).status).toBe(200);
    // Still readable through the first silences API.
    expect(((await call('GET', '/api/silences')).json as Json[]).some((s) => s.id === id)).toBe(true);
  });

  it.each([
    [
      'POST without matchers',
      'POST',
      '/api/v2/silences',
      body({ matchers: [] }),
      400,
      /^@trackerkit\/webhooks: matchers: required/,
    ],
    [
      'POST ending in the past',
      'POST',
      '/api/v2/silences',
      body({ endsAt: iso(Date.now() - 1000) }),
      400,
      /endsAt: must be after/,
    ],
    ['POST not JSON', 'POST', '/api/v2/silences', '{', 400, /body is not valid JSON/],
    [
      'POST an unknown id',
      'POST',
      '/api/v2/silences',
      body({ id: '6f1c1a6e-0000-4000-8000-000000000000' }),
      404,
      /id: no silence/,
    ],
    [
      'GET an unknown id',
      'GET',
      '/api/v2/silence/6f1c1a6e-0000-4000-8000-000000000000',
      undefined,
      404,
      /no silence/,
    ],
    [
      'DELETE an unknown id',
      'DELETE',
      '/api/v2/silence/6f1c1a6e-0000-4000-8000-000000000000',
      undefined,
      404,
      /no silence/,
    ],
    ['an id that is no UUID', 'GET', '/api/v2/silence/abc', undefined, 422, /must be of type uuid/],
    [
      'a bad filter',
      'GET',
      '/api/v2/silences?filter=%3D%3D',
      undefined,
      400,
      /^@trackerkit\/webhooks: filter: /,
    ],
  ])('%s: %s %s → %i, the message a JSON string', async (_name, method, path, payload, status, message) => {
    const res = await call(method, path, payload);
    expect(res.status).toBe(status);
    expect(typeof res.json).toBe('string');
    expect(res.json).toMatch(message);
  });
});

describe('GET /api/v2/status and /api/v2/receivers', () => {
  it('the fields amtool and Grafana read; no credential in config.original', async () => {
    const status = await call('GET', '/api/v2/status');
    expect(status.json).toMatchObject({
      cluster: { status: 'disabled', peers: [] },
      versionInfo: { version: '0.25.0' },
      config: { original: expect.stringContaining('pager') },
    });
    expect(Date.parse(status.json.uptime)).toBeLessThanOrEqual(Date.now());
    expect(status.text).not.toContain(TOKEN);
    expect(status.text).not.toContain('/services/');
    expect((await call('GET', '/api/v2/receivers')).json).toEqual([{ name: 'chat' }, { name: 'pager' }]);
  });
});
