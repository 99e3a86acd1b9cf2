// The Tracker node in real n8n 2.35.7 queue mode on loopback: a main instance, a worker (`n8n worker`)
// and two webhook processors (`n8n webhook`) sharing PostgreSQL (127.0.0.1:5432, trust auth, a database of
// its own, dropped at the end) and Redis (127.0.0.1:6379, keys under a prefix of its own, deleted at the
// end). Not in the default run (three n8n processes take minutes): `pnpm test:queue`.
import { randomUUID } from 'node:crypto';
import { signStandardWebhooks } from '@trackerkit/core/signing';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/wait-until.ts';
import { alertBody, alertUrl, sendAlert } from './alert-copies.ts';
import {
  emulatorApi,
  freePort,
  N8n,
  prepare,
  run,
  startCollector,
  startCountingProxy,
  waitFor,
} from './harness.ts';
import { executions, savedDeliveries } from './n8n-database.ts';
import { actionsWorkflow, credentials, pollingWorkflow, WEBHOOK_ID, webhookWorkflow } from './workflows.ts';

const ROWS = 2500;
const tag = randomUUID().slice(0, 8);
const DATABASE = `trackerkit_queue_${tag}`;
const PREFIX = `trackerkit-queue-${tag}`;
const psql = (sql: string) => run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-c', sql]);

let emulator: RunningEmulator;
let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let collector: Awaited<ReturnType<typeof startCollector>>;
let main: N8n;
let worker: N8n;
let webhook: N8n;
/** A second webhook processor: the set-up behind a load balancer. */
let webhook2: N8n;
let secret: string;
let watchedTrackerId: string;
let firstRunId: string;

// Made once the emulator is up (beforeAll).
let api: ReturnType<typeof emulatorApi>['api'];
let runOnce: ReturnType<typeof emulatorApi>['runOnce'];

/** The actions workflow started by a production webhook, so its execution is queued for the worker. */
function actionsByWebhook(spaceId: string, rowsUrl: string, filesUrl: string) {
  const workflow = actionsWorkflow(spaceId, rowsUrl, filesUrl);
  const nodes = workflow.nodes.map((node) =>
    (node as { name: string }).name === 'Start'
      ? {
          ...(node as object),
          type: 'n8n-nodes-base.webhook',
          typeVersion: 2,
          webhookId: randomUUID(),
          parameters: { httpMethod: 'POST', path: 'run-actions', responseMode: 'onReceived', options: {} },
        }
      : node,
  );
  return { ...workflow, nodes };
}

const workerExecutions = () => [...worker.log.matchAll(/Worker finished execution (\S+)/g)].map((m) => m[1]);

beforeAll(async () => {
  const app = await prepare();
  await psql(`CREATE DATABASE ${DATABASE}`);
  emulator = await startEmulator({ validateResponses: true, log: () => {} });
  ({ api, runOnce } = emulatorApi(emulator));
  proxy = await startCountingProxy(emulator.origin);
  const rows = Array.from({ length: ROWS }, (_, i) => ({ sku: `SKU-${i}`, late_days: i % 9 }));
  collector = await startCollector((req) =>
    req.url === '/rows' ? { status: 200, body: rows } : { status: 200, body: { ok: true } },
  );
  secret = emulator.setWebhook(null).secret;

  const shared = new N8n(app, await freePort());
  const queue = {
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: '127.0.0.1',
    DB_POSTGRESDB_PORT: '5432',
    DB_POSTGRESDB_USER: 'postgres',
    DB_POSTGRESDB_DATABASE: DATABASE,
    EXECUTIONS_MODE: 'queue',
    QUEUE_BULL_REDIS_HOST: '127.0.0.1',
    QUEUE_BULL_REDIS_PORT: '6379',
    QUEUE_BULL_PREFIX: PREFIX,
    N8N_REDIS_KEY_PREFIX: PREFIX,
    // The webhook processor, not the main instance, takes production webhooks.
    N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
  };
  main = shared;
  worker = new N8n(app, await freePort(), shared.userFolder);
  webhook = new N8n(app, await freePort(), shared.userFolder);
  webhook2 = new N8n(app, await freePort(), shared.userFolder);
  for (const n8n of [main, worker, webhook, webhook2]) {
    n8n.brokerPort = await freePort();
    n8n.extraEnv = { ...queue };
  }
  worker.extraEnv = {
    ...queue,
    QUEUE_HEALTH_CHECK_ACTIVE: 'true',
    QUEUE_HEALTH_CHECK_PORT: String(worker.port),
  };

  const watched = await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
    name: 'Watched in queue mode',
    description: 'Runs the polling trigger reports',
    run_mode: 'manual',
    agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
  });
  watchedTrackerId = watched.tracker_id;
  firstRunId = (await runOnce(watchedTrackerId, 5)).run_id;

  await main.importJson('credentials', 'credentials', credentials(`${proxy.url}/v1`, emulator.token, secret));
  await main.importJson(
    'workflow',
    'actions',
    actionsByWebhook(emulator.spaceId, `${collector.url}/rows`, `${collector.url}/files`),
  );
  await main.importJson('workflow', 'webhook', webhookWorkflow(collector.url));
  await main.importJson(
    'workflow',
    'polling',
    pollingWorkflow(emulator.spaceId, watchedTrackerId, collector.url),
  );
  for (const id of ['wfActions01', 'wfWebhook001', 'wfPolling001']) {
    await main.cli(['publish:workflow', `--id=${id}`]);
  }
  await main.start('start');
  await worker.start('worker');
  await webhook.start('webhook');
  await webhook2.start('webhook');
}, 1_200_000);

afterAll(async () => {
  for (const n8n of [webhook2, webhook, worker, main]) await n8n?.stop();
  await collector?.close();
  await proxy?.close();
  await emulator?.close();
  await psql(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
  await run('bash', [
    '-c',
    `redis-cli -h 127.0.0.1 --scan --pattern '${PREFIX}*' | xargs -r redis-cli -h 127.0.0.1 del`,
  ]).catch(() => {});
}, 300_000);

describe('Tracker node in n8n 2.35.7 queue mode (main, worker, webhook processor)', () => {
  it('runs the action workflow on the worker: 2,500 rows in exactly 3 requests', async () => {
    const before = workerExecutions().length;
    // 404 until the main instance has activated the workflow and registered its webhook.
    const started = await waitFor('the production webhook', async () => {
      const response = await fetch(`http://127.0.0.1:${webhook.port}/webhook/run-actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return response.status === 404 ? undefined : response.status;
    });
    expect(started).toBe(200);
    await waitFor(
      'the worker to finish the actions',
      () => (workerExecutions().length > before ? true : undefined),
      240_000,
    );
    const uploads = proxy.seen.filter(
      (r) =>
        r.method === 'POST' && r.path.endsWith('/vault/sources') && r.type.startsWith('application/json'),
    );
    expect(uploads.map((r) => r.status)).toEqual([201, 201, 201]);
    const trackers = await api<{ data: Array<{ tracker_id: string; name: string }> }>(
      'GET',
      `/api/trackers?space_id=${emulator.spaceId}`,
    );
    const created = trackers.data.find((t) => t.name === 'ACME supplier risk');
    const sources = await api<{ data: Array<{ name: string; data_count: number }> }>(
      'GET',
      `/api/trackers/${created?.tracker_id}/vault/sources`,
    );
    expect(sources.data).toEqual([expect.objectContaining({ name: 'deliveries', data_count: ROWS })]);
  }, 300_000);

  it('receives a signed alert through the webhook processor and refuses a tampered one', async () => {
    const url = `http://127.0.0.1:${webhook.port}/webhook/${WEBHOOK_ID}/tracker-alert`;
    const trackers = await api<{ data: Array<{ tracker_id: string; name: string }> }>(
      'GET',
      `/api/trackers?space_id=${emulator.spaceId}`,
    );
    const trackerId = String(trackers.data.find((t) => t.name === 'ACME supplier risk')?.tracker_id);
    const body = JSON.stringify({
      type: 'tracker.alert',
      timestamp: new Date().toISOString(),
      data: { tracker_id: trackerId },
    });
    const now = Math.floor(Date.now() / 1000);
    const tampered = await waitFor('the Tracker Trigger webhook', async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_q',
          'webhook-timestamp': String(now),
          'webhook-signature': signStandardWebhooks(secret, 'msg_q', now, body),
        },
        body: body.replace(trackerId, 'trk_someone-else'),
      });
      return response.status === 404 ? undefined : response.status;
    });
    expect(tampered).toBe(401);

    expect(emulator.setWebhook(url).secret).toBe(secret);
    const before = workerExecutions().length;
    const { run_id: runId } = await api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
      context: { emulator: { score: 1 } },
    });
    const alert = await waitFor('the alert in n8n', () =>
      collector.received.find(
        (r) => r.path === '/alert' && (r.body as { data?: { run_id?: string } }).data?.run_id === runId,
      ),
    );
    expect(alert.body).toMatchObject({
      type: 'tracker.alert',
      data: { tracker_id: trackerId, run_id: runId },
    });
    // The worker ran it: its log records the execution once the forward is done.
    await waitFor('the worker to finish the alert', () =>
      workerExecutions().length > before ? true : undefined,
    );
  }, 300_000);

  it('the polling trigger emits each new run once across a restart of main, never the history', async () => {
    const signals = () =>
      collector.received
        .filter((r) => r.path === '/signal')
        .map((r) => (r.body as { run_id: string }).run_id);
    const second = (await runOnce(watchedTrackerId, 7)).run_id;
    await main.stop();
    const third = (await runOnce(watchedTrackerId, 2)).run_id;
    await main.start('start');
    await waitFor('two new runs', () => (signals().length >= 2 ? true : undefined), 120_000);
    await main.stop();
    await main.start('start');
    // The activation poll of this start must find nothing new; give its execution time to show up.
    await new Promise((done) => setTimeout(done, 8000));
    expect([...signals()].sort()).toEqual([second, third].sort());
    expect(signals()).not.toContain(firstRunId);
    expect(emulator.contractViolations()).toEqual([]);
  }, 600_000);

  it('two webhook processors: copies after an execution ended, or after restarts, start nothing', async () => {
    const trackerId = 'trk_queue-copies';
    const body = alertBody(trackerId);
    const send = (processor: N8n, id: string) =>
      waitUntil(() => sendAlert(alertUrl(processor.port), secret, id, body), {
        timeout: 120_000,
        interval: 250,
        what: `the webhook on port ${processor.port}`,
      });
    const forwards = (id: string) =>
      collector.received.filter(
        (r) => r.path === '/alert' && (r.body as { webhook_id?: string }).webhook_id === id,
      ).length;
    const count = async () => (await executions(main, 'wfWebhook001')).all;
    const settled = () =>
      waitUntil(async () => (await executions(main, 'wfWebhook001')).unfinished === 0, {
        timeout: 120_000,
        interval: 250,
        what: 'every alert execution ended',
      });
    const saved = async (id: string) =>
      (await savedDeliveries(main, 'wfWebhook001', 'Tracker Trigger')).includes(id);
    const ACK = { received: true, started: true };
    const DUPLICATE = { received: true, started: false, duplicate: true };

    // A copy (the sender's retry, or a balancer's next pick) reaching the other processor once the
    // first execution has ended: that execution saved the id, the other processor reads it.
    const later = ['msg_q-later1', 'msg_q-later2', 'msg_q-later3', 'msg_q-later4'];
    let start = await count();
    for (const id of later) {
      expect((await send(webhook, id)).body).toEqual(ACK);
      await waitUntil(() => saved(id), { timeout: 120_000, interval: 250, what: `${id} saved` });
      expect((await send(webhook2, id)).body).toEqual(DUPLICATE);
    }
    await settled();
    expect(await count()).toBe(start + later.length);
    expect(later.map(forwards)).toEqual([1, 1, 1, 1]);

    // Copies reaching both processors at once: neither can see the other (no shared live state); the
    // trigger's execute() drops the second execution when the first saved before it began.
    const together = ['msg_q-together1', 'msg_q-together2', 'msg_q-together3', 'msg_q-together4'];
    start = await count();
    const answers = await Promise.all(together.flatMap((id) => [send(webhook, id), send(webhook2, id)]));
    await settled();
    const started = answers.filter((answer) => (answer.body as { started?: boolean }).started).length;
    const ran = (await count()) - start;
    const forwarded = together.map(forwards);
    console.info(
      `queue mode, copies at once on two processors: ${together.length} deliveries, ${started} answered started, ${ran} executions, forwards per delivery ${forwarded.join(',')}`,
    );
    expect(ran).toBe(started);
    expect(forwarded.every((count) => count >= 1 && count <= 2)).toBe(true);

    // Both processors restarted: every id accepted one after another is a duplicate on either. The ids
    // of the copies sent together were recorded by executions that overlapped on the worker, which
    // keeps what each of them wrote; counted, since a save by another worker process could drop one.
    await webhook.stop();
    await webhook2.stop();
    await webhook.start('webhook');
    await webhook2.start('webhook');
    start = await count();
    const again = [];
    for (const [i, id] of later.entries()) again.push((await send(i % 2 ? webhook2 : webhook, id)).body);
    expect(again).toEqual(later.map(() => DUPLICATE));
    expect(await count()).toBe(start);
    const repeated = [];
    for (const [i, id] of together.entries())
      repeated.push((await send(i % 2 ? webhook2 : webhook, id)).body);
    await settled();
    console.info(
      `queue mode, after restarting both processors: ${repeated.filter((body) => (body as { started?: boolean }).started).length} of ${together.length} copies-at-once ids started again, ${(await count()) - start} executions`,
    );
    expect(repeated).toEqual(together.map(() => DUPLICATE));
  }, 600_000);
});
