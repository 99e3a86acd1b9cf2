// Three receiver processes share one PostgreSQL; a sender spreads signed alerts across them and
// resends whatever got no 2xx, as real senders do. Meanwhile a replica is killed (kill -9) and
// restarted again and again, and the database is taken away from all of them once (every
// connection cut and refused for a while, through a TCP proxy, as a database restart does).
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { dropSchemas, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { idempotencyKey } from '../../src/store/idempotency-key.ts';
import { exampleAlert, SECRET, signedRequest } from '../helpers/alerts.ts';
import { metric } from '../helpers/crash-harness.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { freePort, runCli, spawnReceiver } from '../helpers/spawn-receiver.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const TOTAL = Number(process.env.TK_REPLICA_ALERTS ?? 1500);
const REPLICAS = 3;
const KILLS = 5;
const schema = `tk_replicas_${process.pid}_${Date.now() % 100_000}`;
const children = new Map<number, ChildProcess>();
let loop: Loopback | undefined;
let proxy: TcpProxy | undefined;

afterAll(async () => {
  for (const c of children.values()) c.kill('SIGKILL');
  await loop?.close();
  await proxy?.close();
  await dropSchemas([schema]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('three replicas on one PostgreSQL, replicas killed and the database cut away', () => {
  it('acknowledged = delivered, each alert stored once, duplicates only under the same key', async () => {
    loop = await startLoopback();
    const upstream = new URL(TEST_DATABASE_URL);
    proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const dir = mkdtempSync(join(tmpdir(), 'tk-replicas-'));
    const configPath = join(dir, 'config.yaml');
    writeFileSync(
      configPath,
      stringify({
        storage: { url: { env: 'TK_DATABASE_URL' }, schema, lease: '20s' },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
        destinations: [
          {
            name: 'forward',
            type: 'forward',
            url: loop.url,
            secret: { env: 'TRACKER_WEBHOOK_SECRET' },
            timeout: '5s',
          },
        ],
        route: { destination: 'forward' },
        delivery: {
          poll_interval: '50ms',
          retry: { initial_delay: '50ms', max_delay: '1s', max_attempts: 100 },
        },
        log: { level: 'error' },
      }),
    );
    const env = { TRACKER_WEBHOOK_SECRET: SECRET, TK_DATABASE_URL: proxy.via(TEST_DATABASE_URL) };
    const died: string[] = [];
    const ports = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
    // As a supervisor (systemd, Kubernetes) does: a replica that cannot start (the database is
    // away: it exits 1 naming the reason) is started again until it runs.
    const start = async (i: number) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const { child, stderr } = await spawnReceiver(configPath, ports[i]!, env);
          // Only our kill -9 may end a replica: one that dies on its own (a cut connection) is a defect.
          child.once('exit', (code, signal) => {
            if (signal !== 'SIGKILL')
              died.push(`replica ${i}: exit ${code} ${stderr.join('').slice(0, 300)}`);
          });
          children.set(i, child);
          return;
        } catch (error) {
          if (attempt >= 30) throw error;
          await sleep(500);
        }
      }
    };
    for (let i = 0; i < REPLICAS; i++) await start(i);

    const requests = Array.from({ length: TOTAL }, (_, i) =>
      signedRequest(exampleAlert({ tracker_name: `Replica ${i}` }), { id: `msg_replica_${i}` }),
    );
    const acked = new Set<number>();
    const refused = { count: 0, status503: 0 };
    let turn = 0;
    const sendOne = async (i: number) => {
      const port = ports[turn++ % REPLICAS]!;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/webhooks/tracker`, {
          method: 'POST',
          body: requests[i]!.body,
          headers: requests[i]!.headers,
        });
        await res.text();
        if (res.status === 200) acked.add(i);
        else {
          refused.count++;
          if (res.status === 503) refused.status503++;
        }
      } catch {
        refused.count++;
      }
    };

    // Chaos beside the load: kill -9 a random replica every ~1.5 s and start it again; once half
    // the alerts are in, take the database away from all of them for 2 s.
    let sending = true;
    let kills = 0;
    let cuts = 0;
    const outage = (async () => {
      await waitUntil(() => !sending || acked.size >= TOTAL / 2, {
        timeout: 300_000,
        what: 'half the alerts in',
      });
      if (!sending) return;
      // TK_RESTART_POSTGRES=1 restarts the machine's PostgreSQL itself (run alone: every other
      // test on that server loses its connections too); by default the proxy cuts it away.
      if (process.env.TK_RESTART_POSTGRES === '1') {
        const version = execFileSync('ls', ['/etc/postgresql']).toString().trim();
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
      } else {
        proxy!.cut();
        await sleep(2000);
        proxy!.restore();
      }
      cuts++;
    })();
    const chaos = (async () => {
      while (sending || kills < KILLS) {
        await sleep(1500);
        const victim = Math.floor(Math.random() * REPLICAS);
        children.get(victim)?.kill('SIGKILL');
        kills++;
        await sleep(200);
        await start(victim);
      }
    })();

    // The sender: rounds until everything is acknowledged, 16 in flight, round robin.
    for (let round = 0; acked.size < TOTAL && round < 200; round++) {
      const queue = requests.map((_, i) => i).filter((i) => !acked.has(i));
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let i = queue.shift(); i !== undefined; i = queue.shift()) await sendOne(i);
        }),
      );
      if (acked.size < TOTAL) await sleep(100);
    }
    sending = false;
    await Promise.all([chaos, outage]);
    expect(acked.size).toBe(TOTAL);
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    expect(cuts).toBe(1);
    expect(died).toEqual([]);
    // While the database was away, the replicas said so: 503 (the sender resent those later).
    expect(refused.status503).toBeGreaterThan(0);

    // Drained: every key delivered; the outbox (shared: any replica reports it) empty.
    const keys = new Set(requests.map((r) => idempotencyKey('tracker', r.headers['webhook-id']!, 'forward')));
    await loop.waitFor((l) => [...keys].every((k) => l.keys.has(k)), 90_000);
    await loop.waitFor(
      async () => (await metric(ports[0]!, 'trackerkit_webhooks_outbox_deliveries', 'state="pending"')) === 0,
      60_000,
    );
    expect(new Set(loop.keys.keys())).toEqual(keys);

    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    const stored = await client.query(
      `SELECT COUNT(*)::int AS n, COUNT(DISTINCT webhook_id)::int AS distinct_ids FROM ${schema}.alerts`,
    );
    const outbox = await client.query(
      `SELECT state, COUNT(*)::int AS n FROM ${schema}.deliveries GROUP BY state ORDER BY state`,
    );
    await client.end();
    expect(stored.rows[0]).toEqual({ n: TOTAL, distinct_ids: TOTAL });
    expect(outbox.rows).toEqual([{ state: 'delivered', n: TOTAL }]);
    const duplicates = loop.requests.length - keys.size;
    // For the closing note: what the run saw.
    console.log(
      JSON.stringify({
        alerts: TOTAL,
        acknowledged: acked.size,
        delivered_keys: keys.size,
        requests_at_destination: loop.requests.length,
        duplicate_deliveries_same_key: duplicates,
        sender_refusals: refused.count,
        refusals_503: refused.status503,
        kills,
        database_cuts: cuts,
      }),
    );
  }, 300_000);
});

describe('a replica whose database goes away', () => {
  it('answers 503 with Retry-After (ingest and /readyz) while it is unreachable, and recovers by itself', async () => {
    const hook = await startLoopback();
    const upstream = new URL(TEST_DATABASE_URL);
    const cutter = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const dir = mkdtempSync(join(tmpdir(), 'tk-replica-outage-'));
    const configPath = join(dir, 'config.yaml');
    writeFileSync(
      configPath,
      stringify({
        storage: { url: { env: 'TK_DATABASE_URL' }, schema },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'TRACKER_WEBHOOK_SECRET' } }],
        destinations: [
          { name: 'forward', type: 'forward', url: hook.url, secret: { env: 'TRACKER_WEBHOOK_SECRET' } },
        ],
        route: { destination: 'forward' },
        log: { level: 'error' },
      }),
    );
    const port = await freePort();
    const { child } = await spawnReceiver(configPath, port, {
      TRACKER_WEBHOOK_SECRET: SECRET,
      TK_DATABASE_URL: cutter.via(TEST_DATABASE_URL),
    });
    children.set(99, child);
    const post = async (id: string) => {
      const req = signedRequest(exampleAlert({ tracker_name: id }), { id });
      const res = await fetch(`http://127.0.0.1:${port}/webhooks/tracker`, {
        method: 'POST',
        body: req.body,
        headers: req.headers,
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
    };
    const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
    try {
      expect((await post('msg_outage_before')).status).toBe(200);
      expect(await ready()).toBe(200);
      cutter.cut();
      const during = await post('msg_outage_during');
      expect(during).toMatchObject({ status: 503, retryAfter: expect.any(String) });
      expect(during.body).toContain('storage');
      expect(await ready()).toBe(503);
      cutter.restore();
      // The sender's retry of the refused alert, and a new one: both stored and delivered.
      await hook.waitFor(async () => (await post('msg_outage_during')).status === 200, 20_000);
      expect((await post('msg_outage_after')).status).toBe(200);
      expect(await ready()).toBe(200);
      await hook.waitFor((l) => l.requests.length >= 3, 20_000);
    } finally {
      child.kill('SIGKILL');
      await cutter.close();
      await hook.close();
    }
  }, 120_000);
});

describe('the operator tools on the PostgreSQL store', () => {
  it('the dead-letters CLI (the real bin) and the /ui pages list, show and replay a dead letter; it is delivered', async () => {
    const { startReceiver } = await import('../../src/server/start-receiver.ts');
    const hook = await startLoopback();
    hook.fallback = { status: 410, body: { error: 'channel_is_archived' } };
    const dir = mkdtempSync(join(tmpdir(), 'tk-pg-tools-'));
    const configPath = join(dir, 'webhooks.yaml');
    const toolsSchema = `${schema}_tools`;
    writeFileSync(
      configPath,
      stringify({
        storage: { url: TEST_DATABASE_URL, schema: toolsSchema },
        sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
        destinations: [{ name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } }],
        route: { destination: 'slack' },
        delivery: { poll_interval: '20ms' },
        log: { level: 'silent' },
      }),
    );
    const receiver = await startReceiver({
      port: 0,
      config: configPath,
      env: { SECRET, SLACK_URL: `${hook.url}/services/T0/B0/SECRETTOKEN` },
    });
    const cli = (...args: string[]) => runCli(['dead-letters', ...args], dir);
    try {
      expect(receiver.store.kind).toBe('postgres');
      const req = signedRequest(exampleAlert({ tracker_name: 'Archived channel' }));
      const sent = await fetch(receiver.sourceUrls.tracker!, {
        method: 'POST',
        body: req.body,
        headers: req.headers,
      });
      expect(sent.status).toBe(200);
      await hook.waitFor(async () => (await receiver.store.list('dead')).length === 1);
      const id = (await receiver.store.list('dead'))[0]!.id;

      const list = await cli('list', '--config', configPath);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      expect(list.stdout).toMatch(new RegExp(`^${id}\\s+slack\\s+1\\s.*HTTP 410 Gone`, 'm'));
      const page = await (await fetch(`${receiver.url}/ui/dead-letters`)).text();
      expect(page).toContain(`data-delivery-id="${id}"`);
      expect(await (await fetch(`${receiver.url}/ui`)).text()).toContain('Archived channel');

      hook.fallback = { status: 200, body: 'ok' };
      const replay = await fetch(`${receiver.url}/ui/dead-letters/${id}/replay`, {
        method: 'POST',
        headers: { origin: receiver.url },
        redirect: 'manual',
      });
      expect(replay.status).toBe(303);
      await hook.waitFor((l) => l.requests.length === 2);
      expect(hook.requests[1]!.headers['idempotency-key']).toBe(hook.requests[0]!.headers['idempotency-key']);
      await hook.waitFor(
        async () => (await cli('list', '--config', configPath)).stdout === 'No dead letters.\n',
      );
    } finally {
      await receiver.close();
      await hook.close();
      await dropSchemas([toolsSchema]);
    }
  }, 120_000);
});
