import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { DeliveryOutcome, Destination } from '../../src/delivery/types.ts';
import { type Receiver, startReceiver } from '../../src/server/start-receiver.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

const TOKEN = 'reload-token-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'tk-edges-'));
const configFile = join(dir, 'webhooks.yaml');
const storePath = join(dir, 'store.db');
const logs: string[] = [];
let a: Loopback;
let b: Loopback;
let receiver: Receiver;
let target: string;

const config = (destination: string, extra: object = {}) => ({
  server: { admin_token: { env: 'ADMIN_TOKEN' } },
  storage: { path: storePath },
  sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
  destinations: [
    { name: 'a', type: 'slack', url: a.url },
    { name: 'b', type: 'slack', url: b.url },
  ],
  route: { destination },
  delivery: { poll_interval: '20ms' },
  ...extra,
});

beforeAll(async () => {
  a = await startLoopback();
  b = await startLoopback();
  writeFileSync(configFile, stringify(config('a')));
  receiver = await startReceiver({
    config: configFile,
    port: 0,
    host: '127.0.0.1',
    env: { SECRET, ADMIN_TOKEN: TOKEN },
    logger: createLogger({ level: 'info', write: (l) => logs.push(l) }),
  });
  target = receiver.sourceUrls.tracker!;
});

afterAll(async () => {
  await receiver?.close();
  await a.close();
  await b.close();
});

const reload = (authorization?: string) =>
  fetch(`${receiver.url}/-/reload`, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as { reason?: string; error?: string } }));

describe('bodies that are not UTF-8', () => {
  it('are refused with 400 naming the rule, and nothing is stored', async () => {
    const json = Buffer.from(JSON.stringify(exampleAlert({ analysis: 'XX' })));
    // A Latin-1 "é" (0xE9) where UTF-8 needs two bytes: TextDecoder would turn it into U+FFFD.
    const body = Buffer.from(json.toString('latin1').replace('XX', 'caf\u00e9'), 'latin1');
    const id = 'msg_latin1';
    const res = await fetch(target, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        ...standardWebhooksHeaders(SECRET, id, body, Date.now()),
      },
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { reason: string; error: string };
    expect(answer.reason).toBe('invalid_utf8');
    expect(answer.error).toMatch(/not valid UTF-8/);
    const db = new DatabaseSync(storePath, { readOnly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM alerts WHERE webhook_id = ?').get(id)).toEqual({ n: 0 });
    db.close();
  });
});

describe('links from an alert', () => {
  it('a javascript: URL never reaches a destination; the alert still does', async () => {
    const req = signedRequest(exampleAlert({ tracker_name: 'JS link', url: 'javascript:alert(1)' }));
    expect((await post(target, req.body, req.headers)).status).toBe(200);
    await a.waitFor((l) => l.requests.some((r) => r.body.includes('JS link')));
    const sent = a.requests.find((r) => r.body.includes('JS link'))!;
    expect(sent.body).not.toContain('javascript:');
    expect(sent.body).not.toContain('Open the run');
  });
});

describe('/readyz reflects whether the store can write', () => {
  it('503 while a write fails, 200 again once it succeeds', async () => {
    expect((await fetch(`${receiver.url}/readyz`)).status).toBe(200);
    // Injected from outside, as the disk would: every write the probe makes now fails.
    const db = new DatabaseSync(storePath);
    db.exec(`CREATE TRIGGER full_disk BEFORE UPDATE ON store_owner
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    const down = await fetch(`${receiver.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(((await down.json()) as { error: string }).error).toMatch(/disk is full/);
    db.exec('DROP TRIGGER full_disk');
    db.close();
    expect((await fetch(`${receiver.url}/readyz`)).status).toBe(200);
  });
});

describe('reload (POST /-/reload, as Alertmanager)', () => {
  it('needs the admin token', async () => {
    expect(await reload()).toMatchObject({ status: 401, json: { reason: 'unauthorized' } });
    expect(await reload('Bearer wrong-token-wrong-token')).toMatchObject({ status: 401 });
  });

  it('switches to the new configuration', async () => {
    writeFileSync(configFile, stringify(config('b')));
    expect(await reload(`Bearer ${TOKEN}`)).toEqual({ status: 200, json: { status: 'reloaded' } });
    expect(receiver.config.route.destinations).toEqual(['b']);
    const req = signedRequest(exampleAlert({ tracker_name: 'After reload' }));
    expect((await post(target, req.body, req.headers)).status).toBe(200);
    await b.waitFor((l) => l.requests.some((r) => r.body.includes('After reload')));
  });

  it('refuses a bad configuration, naming the field; the running one keeps working', async () => {
    writeFileSync(configFile, stringify(config('nowhere', { retention: { alerts: 'a month' } })));
    const refused = await reload(`Bearer ${TOKEN}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/route\.destination: unknown destination nowhere|retention\.alerts/);
    expect(logs.some((l) => l.includes('reload refused; the running configuration stays'))).toBe(true);
    const req = signedRequest(exampleAlert({ tracker_name: 'Still running' }));
    expect((await post(target, req.body, req.headers)).status).toBe(200);
    await b.waitFor((l) => l.requests.some((r) => r.body.includes('Still running')));
    expect(receiver.config.route.destinations).toEqual(['b']);
  });

  it('without a token: allowed on loopback and beyond it (as Alertmanager), to clients outside a browser', async () => {
    const base = {
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: SECRET }],
      destinations: [{ name: 'out', type: 'stdout' }],
      route: { destination: 'out' },
      log: { level: 'silent' },
    };
    const file = join(dir, 'open.yaml');
    writeFileSync(file, stringify(base));
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const r = await startReceiver({ config: file, port: 0, host, storagePath: ':memory:' });
      const res = await fetch(`http://127.0.0.1:${r.port}/-/reload`, { method: 'POST' });
      expect(res.status).toBe(200);
      await r.close();
    }
  });
});

describe('retention', () => {
  it('the receiver prunes old rows while it keeps answering; new rows stay', async () => {
    // 30,000 alerts delivered 60 days ago, written straight into the store.
    const db = new DatabaseSync(storePath);
    db.exec('BEGIN');
    const alert = db.prepare(
      `INSERT INTO alerts (source, webhook_id, event_type, known, body, received_at) VALUES ('tracker', ?, 'tracker.alert', 1, '{}', ?) RETURNING id`,
    );
    const delivery = db.prepare(
      `INSERT INTO deliveries (alert_id, destination, route, idempotency_key, state, next_attempt_at, created_at, updated_at)
       VALUES (?, 'b', 'root', ?, 'delivered', 0, ?, ?)`,
    );
    const old = Date.now() - 60 * 86_400_000;
    for (let i = 0; i < 30_000; i++) {
      const { id } = alert.get(`old_${i}`, old) as { id: number };
      delivery.run(id, `old_key_${i}`, old, old);
    }
    db.exec('COMMIT');
    let pruned = false;
    const pruning = receiver.prune().finally(() => {
      pruned = true;
    });
    const answered: number[] = [];
    for (let i = 0; !pruned || i === 0; i++) {
      const req = signedRequest(exampleAlert({ tracker_name: `During prune ${i}` }));
      answered.push((await post(target, req.body, req.headers)).status);
    }
    expect(await pruning).toEqual({ alerts: 30_000, deliveries: 30_000, silences: 0, ended: 0 });
    // More than one request was answered before the prune finished, every one with 200.
    expect(answered.length).toBeGreaterThan(1);
    expect(new Set(answered)).toEqual(new Set([200]));
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT COUNT(*) AS n FROM alerts WHERE webhook_id LIKE 'old_%'")).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM alerts WHERE body LIKE '%During prune%'")).toBe(answered.length);
    db.close();
  });
});

describe('shutdown grace', () => {
  it('a stop aborts deliveries still in flight after shutdown_grace; the row stays pending', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hanging: Destination = {
      name: 'slow',
      type: 'stdout',
      deliver: (job) =>
        new Promise<DeliveryOutcome>((resolve) => {
          started();
          job.signal.addEventListener('abort', () =>
            resolve({ ok: false, retryable: true, status: null, error: 'aborted by shutdown' }),
          );
        }),
    };
    const path = join(dir, 'grace.db');
    const r = await startReceiver({
      port: 0,
      host: '127.0.0.1',
      config: {
        server: { shutdown_grace: '0s' },
        storage: { path },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: SECRET }],
        destinations: [{ name: 'slow', type: 'stdout' }],
        route: { destination: 'slow' },
        delivery: { poll_interval: '20ms' },
        log: { level: 'silent' },
      },
      destinations: [hanging],
    });
    expect(r.config.server.shutdownGraceMs).toBe(0);
    const req = signedRequest(exampleAlert());
    expect((await post(r.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
    await inFlight;
    await r.close();
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('SELECT state, attempts, last_error FROM deliveries').all()).toEqual([
      { state: 'pending', attempts: 1, last_error: 'aborted by shutdown' },
    ]);
    db.close();
  });
});
