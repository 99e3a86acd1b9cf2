import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { deadLettersCommand } from '../../src/cli/dead-letters-command.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { verify } from '../../src/verify/verify.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';
import { startSmtp } from '../helpers/smtp.ts';

const FWD = `whsec_${Buffer.from('forward-destination-secret').toString('base64')}`;
const N8N = `whsec_${Buffer.from('n8n-trigger-secret-value').toString('base64')}`;
const dir = mkdtempSync(join(tmpdir(), 'tk-dest-'));
const dbPath = join(dir, 'store.db');
const filePath = join(dir, 'alerts.jsonl');
const names = [
  'slack',
  'discord',
  'teams',
  'ntfy',
  'pagerduty',
  'forward',
  'n8n',
  'flaky',
  'slow',
  'broken',
  'down',
] as const;
const loop = {} as Record<(typeof names)[number], Loopback>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Receiver;

async function send(event: unknown) {
  const req = signedRequest(event);
  const res = await post(receiver.sourceUrls.tracker!, req.body, req.headers);
  expect(res.status).toBe(200);
  return req;
}

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  for (const name of names) loop[name] = await startLoopback();
  smtp = await startSmtp();
  smtp.rejectNext = 1;
  loop.discord.queue.push({
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: 0.3, global: false },
  });
  loop.flaky.queue.push({ status: 503, headers: { 'retry-after': '0' } }, { status: 500 });
  loop.slow.queue.push({ delayMs: 1500 });
  loop.broken.fallback = { status: 400, body: { error: 'invalid payload' } };
  loop.down.fallback = { status: 503 };
  const fast = { initial_delay: '50ms', factor: 2, max_delay: '1s' };
  receiver = await startReceiver({
    port: 0,
    env: { SECRET, FWD, N8N, SLACK: `${loop.slack.url}/services/T/B/tok` },
    config: {
      storage: { path: dbPath },
      // The run links of the alerts below are offered: their console's origin.
      links: { console_origins: ['https://console.example'] },
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [
        { name: 'slack', type: 'slack', url: { env: 'SLACK' } },
        {
          name: 'discord',
          type: 'discord',
          url: `${loop.discord.url}/api/webhooks/1/tok`,
          username: 'trackerkit',
        },
        { name: 'teams', type: 'teams', url: `${loop.teams.url}/workflows/run` },
        { name: 'ntfy', type: 'ntfy', url: loop.ntfy.url, topic: 'tracker-alerts' },
        {
          name: 'pagerduty',
          type: 'pagerduty',
          url: `${loop.pagerduty.url}/v2/enqueue`,
          routing_key: 'R0UTING',
        },
        {
          name: 'email',
          type: 'email',
          smtp: { host: '127.0.0.1', port: smtp.port },
          from: 'alerts@trackerkit.test',
          to: ['ops@trackerkit.test'],
          retry: fast,
        },
        { name: 'forward', type: 'forward', url: `${loop.forward.url}/in`, secret: { env: 'FWD' } },
        { name: 'n8n', type: 'n8n', url: `${loop.n8n.url}/webhook/tracker`, secret: { env: 'N8N' } },
        { name: 'file', type: 'file', path: filePath },
        { name: 'flaky', type: 'slack', url: loop.flaky.url, retry: fast },
        { name: 'slow', type: 'forward', url: loop.slow.url, secret: FWD, timeout: '300ms', retry: fast },
        { name: 'broken', type: 'teams', url: loop.broken.url },
        { name: 'down', type: 'ntfy', url: loop.down.url, topic: 't', retry: { ...fast, max_attempts: 6 } },
      ],
      route: {
        destination: ['slack', 'discord', 'teams', 'ntfy', 'pagerduty', 'email', 'forward', 'n8n', 'file'],
        routes: [
          { matchers: { tracker_name: 'Flaky*' }, destination: 'flaky' },
          { matchers: { tracker_name: 'Slow*' }, destination: 'slow' },
          { matchers: { tracker_name: 'Broken*' }, destination: 'broken' },
          { matchers: { tracker_name: 'Down*' }, destination: 'down' },
        ],
      },
      delivery: { poll_interval: '20ms', breaker: { failure_threshold: 3, cooldown: '30s' } },
      log: { level: 'silent' },
    },
  });
});

afterAll(async () => {
  await receiver.close();
  await Promise.all([...Object.values(loop).map((l) => l.close()), smtp.close()]);
});

const alert = exampleAlert({ tracker_name: 'ACME supplier risk', url: 'https://console.example/runs/9' });
const one = (l: Loopback) => l.waitFor((x) => x.requests.length >= 1);

describe('every destination, in its own format, over real sockets', () => {
  let sent: { body: string; headers: Record<string, string> };
  beforeAll(async () => {
    sent = await send(alert);
  });

  it('Slack: text and blocks with name, score, signal, bound, analysis and link', async () => {
    await one(loop.slack);
    const r = loop.slack.requests[0]!;
    expect(r.url).toBe('/services/T/B/tok');
    const text = JSON.stringify(r.json);
    for (const s of [
      'ACME supplier risk',
      'score 2 (Negative)',
      'lower bound 3',
      alert.data.analysis,
      'https://console.example/runs/9',
    ]) {
      expect(text).toContain(s);
    }
    // A group notification's key (the route does not group: the alert is a group of its own).
    expect(r.headers['idempotency-key']).toMatch(/^grp_/);
  });

  it('Discord: ?wait=true; a 429 with retry_after is honoured and retried with the same key', async () => {
    await loop.discord.waitFor((l) => l.requests.length >= 2);
    const [first, second] = loop.discord.requests;
    expect(first!.url).toBe('/api/webhooks/1/tok?wait=true');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.json).toMatchObject({
      username: 'trackerkit',
      embeds: [{ url: 'https://console.example/runs/9' }],
    });
  });

  it('Teams: an Adaptive Card; ntfy: JSON with topic, priority and click', async () => {
    await one(loop.teams);
    expect(loop.teams.requests[0]!.json).toMatchObject({
      type: 'message',
      attachments: [
        { contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } },
      ],
    });
    await one(loop.ntfy);
    expect(loop.ntfy.requests[0]!.json).toMatchObject({
      topic: 'tracker-alerts',
      priority: 4,
      click: 'https://console.example/runs/9',
    });
  });

  it('PagerDuty: trigger, then the resolved event resolves the same dedup_key', async () => {
    await one(loop.pagerduty);
    const trigger = loop.pagerduty.requests[0]!;
    expect(trigger.url).toBe('/v2/enqueue');
    expect(trigger.json).toMatchObject({
      routing_key: 'R0UTING',
      event_action: 'trigger',
      payload: { severity: 'error', source: 'trackerkit' },
    });
    await send(exampleResolved({ tracker_id: alert.data.tracker_id }));
    await loop.pagerduty.waitFor((l) => l.requests.length >= 2);
    const resolve = loop.pagerduty.requests[1]!.json as { event_action: string; dedup_key: string };
    expect(resolve).toEqual({
      routing_key: 'R0UTING',
      event_action: 'resolve',
      dedup_key: (trigger.json as { dedup_key: string }).dedup_key,
    });
  });

  it('forward and n8n: the raw body re-signed with Standard Webhooks under each secret', async () => {
    await one(loop.forward);
    const f = loop.forward.requests[0]!;
    expect(f.body).toBe(sent.body);
    expect(new Webhook(FWD).verify(f.body, f.headers as Record<string, string>)).toEqual(
      JSON.parse(sent.body),
    );
    expect(f.headers['webhook-id']).toBe(f.headers['idempotency-key']);
    await one(loop.n8n);
    const n = loop.n8n.requests[0]!;
    expect(verify(N8N, { body: n.body, headers: n.headers }, { scheme: 'standard-webhooks' }).id).toBe(
      n.headers['webhook-id'],
    );
    expect(() => verify(FWD, { body: n.body, headers: n.headers }, { scheme: 'standard-webhooks' })).toThrow(
      /no signature/,
    );
  });

  it('e-mail over SMTP: a 451 is retried; the same Message-ID every time', async () => {
    await waitUntil(() => smtp.mails.length > 0, { timeout: 15_000, what: 'a mail over SMTP' });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['ops@trackerkit.test']);
    expect(mail.raw).toContain('Subject: Alert: ACME supplier risk score 2 (Negative)');
    expect(mail.raw).toMatch(/Message-ID: <grp_[A-Za-z0-9_-]+@trackerkit\.webhooks>/);
    expect(mail.raw).toContain('Run: https://console.example/runs/9');
  });

  it('file sink: one JSON line per alert', async () => {
    await loop.slack.waitFor(() => {
      try {
        return readFileSync(filePath, 'utf8').includes('ACME supplier risk');
      } catch {
        return false;
      }
    });
    const line = JSON.parse(readFileSync(filePath, 'utf8').split('\n')[0]!);
    expect(line).toMatchObject({ destination: 'file', event: { type: 'tracker.alert' } });
  });
});

describe('failure modes', () => {
  it('5xx twice, then delivered; the same idempotency key on every attempt', async () => {
    await send(exampleAlert({ tracker_name: 'Flaky feed' }));
    await loop.flaky.waitFor((l) => l.requests.length >= 3);
    const keys = new Set(loop.flaky.requests.map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(loop.flaky.keys.get([...keys][0] as string)).toBe(1);
  });

  it('a timeout is retried and delivered', async () => {
    await send(exampleAlert({ tracker_name: 'Slow feed' }));
    await loop.slow.waitFor((l) => l.keys.size === 1, 10_000);
    const metrics = await (await fetch(`${receiver.url}/metrics`)).text();
    expect(metrics).toMatch(/trackerkit_webhooks_retried_total\{destination="slow"\} [1-9]/);
  });

  it('a permanent 4xx is dead-lettered; the CLI lists, shows and replays it with the same key', async () => {
    await send(exampleAlert({ tracker_name: 'Broken card' }));
    await loop.broken.waitFor(async () =>
      (await receiver.store.list('dead')).some((d) => d.destination === 'broken'),
    );
    const out: string[] = [];
    expect(await deadLettersCommand(dbPath, ['list'], (t) => out.push(t))).toBe(0);
    const id = (await receiver.store.list('dead')).find((d) => d.destination === 'broken')!.id;
    expect(out.join('\n')).toMatch(new RegExp(`^${id}\\s+broken\\s+1\\s.*HTTP 400`, 'm'));
    out.length = 0;
    expect(await deadLettersCommand(dbPath, ['show', String(id)], (t) => out.push(t))).toBe(0);
    expect(out.join('\n')).toContain('summary:         Alert: Broken card score 2 (Negative)');
    loop.broken.fallback = { status: 200 };
    expect(await deadLettersCommand(dbPath, ['replay', String(id)], () => {})).toBe(0);
    await loop.broken.waitFor((l) => l.keys.size === 1);
    expect([...loop.broken.keys.keys()][0]).toBe(loop.broken.requests[0]!.headers['idempotency-key']);
    expect(
      await deadLettersCommand(
        dbPath,
        ['show', '999999'],
        () => {},
        () => {},
      ),
    ).toBe(1);
  });

  it('the circuit opens after repeated failures and the metric shows it', async () => {
    await send(exampleAlert({ tracker_name: 'Down 1' }));
    await send(exampleAlert({ tracker_name: 'Down 2' }));
    await loop.down.waitFor((l) => l.requests.length >= 3);
    const metrics = () => fetch(`${receiver.url}/metrics`).then((r) => r.text());
    await waitUntil(
      async () => (await metrics()).includes('trackerkit_webhooks_circuit_open{destination="down"} 1'),
      {
        timeout: 5000,
        what: 'the circuit open on /metrics',
      },
    ).catch(() => {}); // the assertion below shows the metrics
    expect(await metrics()).toContain('trackerkit_webhooks_circuit_open{destination="down"} 1');
    const before = loop.down.requests.length;
    // While open, the outbox postpones each due delivery to the end of the cooldown (30 s): once
    // every one of them is, none can go before then.
    await waitUntil(
      async () => {
        const held = (await receiver.store.list('pending')).filter((r) => r.destination === 'down');
        return held.length > 0 && held.every((r) => r.nextAttemptAt > Date.now() + 20_000);
      },
      { what: "every delivery to 'down' postponed to the end of the cooldown" },
    );
    expect(loop.down.requests.length).toBe(before);
  });
});
