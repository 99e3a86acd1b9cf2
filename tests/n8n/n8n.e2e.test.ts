// The Tracker community node inside a real n8n 2.x (n8n 2.35.7 on Node 24, installed by setup.sh),
// against the emulator over real HTTP: `n8n execute --id` for the action workflows, `n8n start` with
// published workflows for the webhook and polling triggers, n8n on PostgreSQL (harness.ts). Cold:
// installs n8n (minutes, once per lockfile); warm: mostly n8n start-ups.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SKILL_COSTS } from '@trackerkit/core';
import { signStandardWebhooks } from '@trackerkit/core/signing';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorAndRestSuite } from './editor-rest.suite.ts';
import { freePort, N8n, prepare, ROOT, run, startCollector, startCountingProxy, waitFor } from './harness.ts';
import {
  actionsWorkflow,
  CUSTOM_SKILL,
  credentials,
  dailySummaryWorkflow,
  errorsWorkflow,
  failedRunWorkflow,
  pollAllWorkflow,
  pollFailuresWorkflow,
  pollingWorkflow,
  WEBHOOK_ID,
  webhookWorkflow,
} from './workflows.ts';

const ROWS = 2500;
const CSV = Buffer.from('sku,late_days\nSKU-1,3\nSKU-2,0\nSKU-3,12\n');
// A real 1x1 PNG: the emulator checks the signature of image uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let app: string;
// Once per file: install n8n (warm: instant) and build the node. The pack suite below reuses the build,
// so nothing rebuilds dist while n8n is loading it.
beforeAll(async () => {
  app = await prepare();
}, 1_200_000);

let emulator: RunningEmulator;
let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let collector: Awaited<ReturnType<typeof startCollector>>;
let n8n: N8n;
let secret: string;
let watchedTrackerId: string;
let failingTrackerId: string;
let firstRunId: string;
const FAILURE = 'Source feed unreachable (HTTP 503)';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

function first(output: Awaited<ReturnType<N8n['execute']>>, node: string): Record<string, unknown> {
  const item = output[node]?.[0];
  if (!item) throw new Error(`node ${node} produced no item`);
  return item.json;
}

const runOnce = (trackerId: string, score: number) =>
  api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
    sync: true,
    context: { emulator: { score } },
  });

describe('Tracker node in n8n 2.35.7', () => {
  beforeAll(async () => {
    emulator = await startEmulator({
      validateResponses: true,
      skillCosts: { ...DEFAULT_SKILL_COSTS, [CUSTOM_SKILL]: 1 },
      log: () => {},
    });
    proxy = await startCountingProxy(emulator.origin);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      sku: `SKU-${i}`,
      late_days: i % 9,
      note: 'x'.repeat(40),
    }));
    collector = await startCollector((req) => {
      if (req.url === '/rows') return { status: 200, body: rows };
      if (req.url === '/ids') {
        return {
          status: 200,
          body: [{ tracker_id: watchedTrackerId }, { tracker_id: 'trk_does-not-exist' }],
        };
      }
      if (req.url === '/files/late-deliveries.csv')
        return { status: 200, body: CSV, contentType: 'text/csv' };
      if (req.url === '/files/delivery-chart.png')
        return { status: 200, body: PNG, contentType: 'image/png' };
      return { status: 200, body: { ok: true } };
    });
    n8n = new N8n(app, await freePort());
    n8n.brokerPort = await freePort();
    secret = emulator.setWebhook(null).secret;

    const watched = await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
      name: 'Watched by polling',
      description: 'Runs the polling trigger reports',
      run_mode: 'manual',
      agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
    });
    watchedTrackerId = watched.tracker_id;
    firstRunId = (await runOnce(watchedTrackerId, 5)).run_id;
    failingTrackerId = (
      await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
        name: 'Fails on purpose',
        description: 'Its runs fail with a known error_message',
        run_mode: 'manual',
        agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
      })
    ).tracker_id;

    await n8n.importJson(
      'credentials',
      'credentials',
      credentials(`${proxy.url}/v1`, emulator.token, secret),
    );
    await n8n.importJson(
      'workflow',
      'actions',
      actionsWorkflow(emulator.spaceId, `${collector.url}/rows`, `${collector.url}/files`),
    );
    await n8n.importJson('workflow', 'errors', errorsWorkflow(emulator.spaceId, `${collector.url}/ids`));
    await n8n.importJson('workflow', 'webhook', webhookWorkflow(collector.url));
    await n8n.importJson(
      'workflow',
      'polling',
      pollingWorkflow(emulator.spaceId, watchedTrackerId, collector.url),
    );
    await n8n.importJson('workflow', 'poll-all', pollAllWorkflow(emulator.spaceId, collector.url));
    await n8n.importJson('workflow', 'failed', failedRunWorkflow(failingTrackerId, FAILURE));
    await n8n.importJson(
      'workflow',
      'poll-failures',
      pollFailuresWorkflow(emulator.spaceId, failingTrackerId, collector.url),
    );
    const example = readFileSync(
      join(ROOT, 'packages', 'n8n-nodes-tracker', 'examples', 'daily-run-summary-email.json'),
      'utf8',
    );
    await n8n.importJson('workflow', 'daily', dailySummaryWorkflow(example, failingTrackerId, FAILURE));
  }, 1_200_000);

  afterAll(async () => {
    await n8n?.stop();
    await n8n?.dropDatabase();
    await collector?.close();
    await proxy?.close();
    await emulator?.close();
  });

  let actions: Awaited<ReturnType<N8n['execute']>>;

  it('creates a tracker, uploads 2,500 items in 3 requests, runs it and lists runs by signal', async () => {
    actions = await n8n.execute('wfActions01');
    const tracker = first(actions, 'Create Tracker') as {
      tracker_id: string;
      name: string;
      vault_ttl_days: number;
      agent_config: { reasoning_mode: string };
      notification_config: unknown;
    };
    expect(tracker.name).toBe('ACME supplier risk');
    expect(tracker.agent_config.reasoning_mode).toBe('advanced');
    expect(tracker.vault_ttl_days).toBe(30);
    expect(tracker.notification_config).toMatchObject({
      webhook_enabled: true,
      notify_below: true,
      lower_threshold: 3,
    });

    expect(actions['Fetch Rows']).toHaveLength(ROWS);
    const uploads = proxy.seen.filter(
      (r) =>
        r.method === 'POST' && r.path.endsWith('/vault/sources') && r.type.startsWith('application/json'),
    );
    expect(uploads.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(actions['Upload Rows']?.map((item) => item.json.rows_processed)).toEqual([1000, 1000, 500]);
    const sources = await api<{ data: Array<{ name: string; data_count: number }> }>(
      'GET',
      `/api/trackers/${tracker.tracker_id}/vault/sources`,
    );
    expect(sources.data.filter((source) => source.name === 'deliveries')).toEqual([
      expect.objectContaining({ name: 'deliveries', data_count: ROWS }),
    ]);

    const run = first(actions, 'Trigger Run') as { run_id: string; status: string; result: unknown };
    expect(run.status).toBe('completed');
    expect(run.result).toMatchObject({ score: 2, signal: 'Negative' });
    const negative = actions['Negative Runs']?.map((item) => item.json.run_id);
    expect(negative).toEqual([run.run_id]);
    const filtered = proxy.seen.filter(
      (r) => r.path.includes('/runs?') && r.path.includes('signal=Negative'),
    );
    expect(filtered.length).toBeGreaterThan(0);

    // Version 2's Skills: the chosen known skills, then the custom ids, each once.
    const withSkills = first(actions, 'Create With Skills') as { agent_config: { skills: string[] } };
    expect(withSkills.agent_config.skills).toEqual(['web_research', 'stock_research', CUSTOM_SKILL]);
  }, 300_000);

  it('uploads files that earlier nodes produced as binary data (Vault › Upload File)', async () => {
    const trackerId = String(first(actions, 'Create Tracker').tracker_id);
    expect(first(actions, 'Upload File')).toMatchObject({
      name: 'late-deliveries.csv',
      source_type: 'CSV',
      rows_processed: 3,
      is_new_source: true,
    });
    expect(first(actions, 'Upload Image')).toMatchObject({
      name: 'delivery chart',
      source_type: 'PNG',
      description: 'Late deliveries per week, as a bar chart',
    });
    const sources = await api<{ data: Array<{ name: string; source_type: string; data_count: number }> }>(
      'GET',
      `/api/trackers/${trackerId}/vault/sources`,
    );
    expect(sources.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'late-deliveries.csv', source_type: 'CSV', data_count: 3 }),
        expect.objectContaining({ name: 'delivery chart', source_type: 'PNG', data_count: 1 }),
      ]),
    );
    const recent = await api<{ results: Array<{ source_name: string; content: unknown }> }>(
      'GET',
      `/api/trackers/${trackerId}/vault/recent?limit=10`,
    );
    const csvRows = recent.results.filter((item) => item.source_name === 'late-deliveries.csv');
    expect(csvRows).toHaveLength(3);
    expect(JSON.stringify(csvRows)).toContain('SKU-3');
    // One multipart request per file.
    const uploads = proxy.seen.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/vault/sources') && r.type.startsWith('multipart/'),
    );
    expect(uploads.map((r) => r.status)).toEqual([201, 201]);
  });

  it('reports a bad parameter before any request and the service detail of an API error', async () => {
    const before = proxy.seen.length;
    const out = await n8n.execute('wfErrors0001');
    const bad = out['Bad Name']?.[0]?.json as { error: string };
    expect(bad.error).toContain(
      'Name: String should have at most 50 characters (field name, rule maxLength: 50)',
    );
    const unknown = out['Unknown Tracker']?.[0]?.json as { error: string };
    expect(unknown.error).toMatch(/404.*Tracker not found/);
    const sent = proxy.seen.slice(before);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    expect(sent.filter((r) => r.path.includes('trk_does-not-exist')).map((r) => r.status)).toEqual([
      404, 404,
    ]);

    // Continue On Fail: the good item's result and the bad item's error, each paired with its input.
    const each = out['Get Each'] ?? [];
    expect(each).toHaveLength(2);
    expect(each[0]?.json).toMatchObject({ tracker_id: watchedTrackerId });
    expect(each[0]?.pairedItem).toMatchObject({ item: 0 });
    expect(String(each[1]?.json.error)).toMatch(/404.*Tracker not found/);
    expect(each[1]?.pairedItem).toMatchObject({ item: 1 });
  }, 300_000);

  it('fails on a failed run with its error_message, or returns it as an item when asked', async () => {
    const out = await n8n.execute('wfFailed0001');
    const continued = out['Failing Run'] ?? [];
    expect(continued).toHaveLength(1);
    expect(Object.keys(continued[0]?.json ?? {})).toEqual(['error']);
    expect(String(continued[0]?.json.error)).toMatch(/^Run run_\S+ failed: /);
    expect(String(continued[0]?.json.error)).toContain(FAILURE);
    expect(first(out, 'Failed As Item')).toMatchObject({
      status: 'failed',
      result: null,
      error_message: FAILURE,
    });
  }, 300_000);

  it('routes a failed run of the daily-summary example to its failure notice, not the summary', async () => {
    const out = await n8n.execute('wfDailySum01');
    expect(out['Send Summary']).toBeUndefined();
    const notice = out['Send Failure Notice'] ?? [];
    expect(notice).toHaveLength(1);
    expect(String(notice[0]?.json.error)).toContain(FAILURE);
    const example = JSON.parse(
      readFileSync(
        join(ROOT, 'packages', 'n8n-nodes-tracker', 'examples', 'daily-run-summary-email.json'),
        'utf8',
      ),
    ) as { nodes: Array<{ name: string; parameters: { text?: string } }> };
    // The notice's text is the field the error output carries.
    expect(example.nodes.find((n) => n.name === 'Send Failure Notice')?.parameters.text).toBe(
      '={{ $json.error }}',
    );
  }, 300_000);

  it('receives a real signed alert in an active workflow and refuses tampered ones', async () => {
    const trackerId = String(first(actions, 'Create Tracker').tracker_id);
    await n8n.cli(['publish:workflow', '--id=wfWebhook001']);
    await n8n.cli(['publish:workflow', '--id=wfPolling001']);
    await n8n.cli(['publish:workflow', '--id=wfPollAll001']);
    await n8n.cli(['publish:workflow', '--id=wfPollFail01']);
    const url = `http://127.0.0.1:${n8n.port}/webhook/${WEBHOOK_ID}/tracker-alert`;
    expect(emulator.setWebhook(url).secret).toBe(secret);
    await n8n.start();

    const body = JSON.stringify({
      type: 'tracker.alert',
      timestamp: new Date().toISOString(),
      data: { tracker_id: trackerId },
    });
    const now = Math.floor(Date.now() / 1000);
    const signature = signStandardWebhooks(secret, 'msg_tampered', now, body);
    const post = (headers: Record<string, string>, payload: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });
    const tampered = await waitFor('the production webhook', async () => {
      const response = await post(
        { 'webhook-id': 'msg_tampered', 'webhook-timestamp': String(now), 'webhook-signature': signature },
        body.replace(trackerId, 'trk_someone-else'),
      );
      return response.status === 404 ? undefined : response.status;
    });
    expect(tampered).toBe(401);
    expect((await post({}, body)).status).toBe(401);
    const stale = now - 3600;
    const old = await post(
      {
        'webhook-id': 'msg_old',
        'webhook-timestamp': String(stale),
        'webhook-signature': signStandardWebhooks(secret, 'msg_old', stale, body),
      },
      body,
    );
    expect(old.status).toBe(401);

    // A valid alert is acknowledged with the node's JSON body (n8n's default would be "firstEntryJson").
    const ackBody = JSON.stringify({
      type: 'tracker.alert',
      timestamp: new Date().toISOString(),
      data: { tracker_id: 'trk_ack-check' },
    });
    const ackHeaders = {
      'webhook-id': 'msg_ack',
      'webhook-timestamp': String(now),
      'webhook-signature': signStandardWebhooks(secret, 'msg_ack', now, ackBody),
    };
    const ack = await post(ackHeaders, ackBody);
    expect(ack.status).toBe(200);
    expect(await ack.json()).toEqual({ received: true, started: true });
    // The same delivery again (the service re-sends one whose answer it lost): acknowledged, not started.
    const again = await post(ackHeaders, ackBody);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, started: false, duplicate: true });

    const { run_id: runId } = await api<{ run_id: string }>('POST', `/api/trackers/${trackerId}/runs`, {
      context: { emulator: { score: 1 } },
    });
    const alerts = () =>
      collector.received.filter(
        (r) =>
          r.path === '/alert' &&
          (r.body as { data?: { tracker_id?: string } }).data?.tracker_id === trackerId,
      );
    const alert = await waitFor('the alert in n8n', () => alerts()[0]);
    expect(alert.body).toMatchObject({
      type: 'tracker.alert',
      data: { tracker_id: trackerId, run_id: runId, score: 1, bound: 'lower', threshold: 3 },
      webhook_id: expect.stringMatching(/.+/),
    });
    const delivered = await waitFor('the delivery record', async () => {
      const run = await api<{ notification_delivery: { webhook: { status: string } | null } }>(
        'GET',
        `/api/trackers/${trackerId}/runs/${runId}`,
      );
      return run.notification_delivery.webhook ?? undefined;
    });
    expect(delivered.status).toBe('success');
    expect(alerts()).toHaveLength(1);
    // msg_ack started one execution, its duplicate none (both finished long before the run's alert).
    const acks = collector.received.filter(
      (r) =>
        r.path === '/alert' &&
        (r.body as { data?: { tracker_id?: string } }).data?.tracker_id === 'trk_ack-check',
    );
    expect(acks).toHaveLength(1);
  }, 300_000);

  it('emits each newly completed run once, across restarts, never the history', async () => {
    const signals = () =>
      collector.received
        .filter((r) => r.path === '/signal')
        .map((r) => (r.body as { run_id: string }).run_id);
    // n8n is running since the previous test: activation started the cursor after the first run.
    const second = (await runOnce(watchedTrackerId, 7)).run_id;
    const third = (await runOnce(watchedTrackerId, 2)).run_id;
    await n8n.stop();
    const fourth = (await runOnce(watchedTrackerId, 9)).run_id;

    await n8n.start();
    await waitFor('three new runs', () => (signals().length >= 3 ? true : undefined));
    await n8n.stop();
    await n8n.start();
    // The activation poll of this start must find nothing new; give its execution time to show up.
    await new Promise((done) => setTimeout(done, 5000));
    await n8n.stop();

    expect([...signals()].sort()).toEqual([second, third, fourth].sort());
    expect(signals()).not.toContain(firstRunId);
    expect(emulator.contractViolations()).toEqual([]);
  }, 600_000);

  it('baselines a tracker it sees for the first time instead of replaying its history', async () => {
    // n8n is stopped. "Every Tracker" has watched the space since its first start; this tracker is new.
    const added = await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
      name: 'Added while live',
      description: 'Has five runs before the trigger first sees it',
      run_mode: 'manual',
      agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
    });
    const history: string[] = [];
    for (const score of [1, 2, 3, 4, 5]) history.push((await runOnce(added.tracker_id, score)).run_id);
    const runsOf = (trackerId: string) =>
      collector.received
        .filter((r) => r.path === '/signal-all')
        .map((r) => r.body as { run_id: string; tracker_id: string })
        .filter((run) => run.tracker_id === trackerId)
        .map((run) => run.run_id);
    const polled = () =>
      proxy.seen.some((r) => r.method === 'GET' && r.path.includes(`/trackers/${added.tracker_id}/runs`))
        ? true
        : undefined;

    // The activation poll meets the tracker: it must remember where its history ends, and emit nothing.
    await n8n.start();
    await waitFor('the activation poll of the new tracker', polled);
    await new Promise((done) => setTimeout(done, 3000));
    await n8n.stop();
    const fresh = (await runOnce(added.tracker_id, 8)).run_id;
    await n8n.start();
    await waitFor('the new run', () => (runsOf(added.tracker_id).includes(fresh) ? true : undefined));
    await new Promise((done) => setTimeout(done, 3000));
    await n8n.stop();

    expect(runsOf(added.tracker_id)).toEqual([fresh]);
  }, 600_000);

  it('emits a newly failed run to Events › Failed Runs, and none of the failures before activation', async () => {
    // n8n is stopped. The tracker's earlier runs failed in the tests above, before the trigger was
    // activated (the alert test's start): they are history.
    const failures = () =>
      collector.received
        .filter((r) => r.path === '/failed-run')
        .map((r) => r.body as { run_id: string; status: string; error_message: string | null });
    const failed = await api<{ run_id: string; status: string }>(
      'POST',
      `/api/trackers/${failingTrackerId}/runs`,
      { sync: true, context: { emulator: { fail: FAILURE } } },
    );
    expect(failed.status).toBe('failed');
    await runOnce(failingTrackerId, 6); // a completed run: not an event this trigger watches
    await n8n.start();
    await waitFor('the failed run in n8n', () => (failures().length > 0 ? true : undefined));
    await new Promise((done) => setTimeout(done, 3000));
    await n8n.stop();

    expect(failures()).toEqual([
      expect.objectContaining({ run_id: failed.run_id, status: 'failed', error_message: FAILURE }),
    ]);
    expect(emulator.contractViolations()).toEqual([]);
  }, 600_000);
});

editorAndRestSuite(() => app);

// Packs the package as npm would publish it and checks n8n's community-node rules on the tarball itself.
describe('the packed n8n community node', () => {
  it('declares no dependencies and ships every file its n8n section names', async () => {
    const out = mkdtempSync(join(tmpdir(), 'trackerkit-pack-'));
    await run(
      'bash',
      [
        '-c',
        `source scripts/toolchain.sh && cd packages/n8n-nodes-tracker && pnpm pack --pack-destination ${out}`,
      ],
      {
        cwd: ROOT,
      },
    );
    const tarball = readdirSync(out).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    await run('tar', ['-xzf', join(out, tarball as string), '-C', out]);
    const pkg = JSON.parse(readFileSync(join(out, 'package', 'package.json'), 'utf8'));
    const files = (await run('tar', ['-tzf', join(out, tarball as string)])).stdout.split('\n');

    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
    expect(pkg.license).toBe('MIT');
    expect(files).toContain('package/LICENSE');
    expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
    const declared = [...pkg.n8n.credentials, ...pkg.n8n.nodes] as string[];
    expect(declared.length).toBe(6);
    for (const path of declared) expect(files, path).toContain(`package/${path}`);
    for (const icon of ['tracker.svg', 'tracker.dark.svg'])
      expect(files).toContain(`package/dist/nodes/Tracker/${icon}`);
    expect(files.filter((f) => f.startsWith('package/dist/examples/') && f.endsWith('.json'))).toHaveLength(
      3,
    );
    // No TypeScript at all: n8n loads JavaScript, and the scanner's default patterns lint every `.ts`
    // (a credential's `.d.ts` breaks its file-name rule). `pnpm run scan` runs them on the tarball.
    expect(files.some((f) => f.includes('/test/') || f.endsWith('.ts'))).toBe(false);
  }, 1_200_000);
});
