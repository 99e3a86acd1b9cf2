// What the action and trigger suites of n8n.e2e.test.ts share: one emulator (behind a proxy that counts
// what the service receives), one collector for what workflows send out, one n8n installation with the
// credentials and every workflow of both suites imported up front.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SKILL_COSTS } from '@trackerkit/core';
import { type RunningEmulator, startEmulator } from '@trackerkit/emulator';
import { emulatorApi, freePort, N8n, ROOT, startCollector, startCountingProxy } from './harness.ts';
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
  webhookWorkflow,
} from './workflows.ts';

export const ROWS = 2500;
export const FAILURE = 'Source feed unreachable (HTTP 503)';
export const DAILY_EXAMPLE = join(
  ROOT,
  'packages',
  'n8n-nodes-tracker',
  'examples',
  'daily-run-summary-email.json',
);
const CSV = Buffer.from('sku,late_days\nSKU-1,3\nSKU-2,0\nSKU-3,12\n');
// A real 1x1 PNG: the emulator checks the signature of image uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type Execution = Awaited<ReturnType<N8n['execute']>>;

export interface E2eEnv {
  emulator: RunningEmulator;
  proxy: Awaited<ReturnType<typeof startCountingProxy>>;
  collector: Awaited<ReturnType<typeof startCollector>>;
  n8n: N8n;
  /** The account webhook's signing secret. */
  secret: string;
  /** The tracker the polling trigger watches, and its run from before the trigger was activated. */
  watchedTrackerId: string;
  firstRunId: string;
  /** A tracker whose runs fail with FAILURE. */
  failingTrackerId: string;
  /** The action workflow's execution, set by the actions suite; the alert test uses its tracker. */
  actions: Execution;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** A synchronous run of `trackerId` scored `score`. */
  runOnce(trackerId: string, score: number): Promise<{ run_id: string }>;
}

export function first(output: Execution, node: string): Record<string, unknown> {
  const item = output[node]?.[0];
  if (!item) throw new Error(`node ${node} produced no item`);
  return item.json;
}

/** Fills `env` step by step, so stopE2e can stop what started when a step fails. */
export async function startE2e(env: E2eEnv, app: string): Promise<void> {
  const emulator = await startEmulator({
    validateResponses: true,
    skillCosts: { ...DEFAULT_SKILL_COSTS, [CUSTOM_SKILL]: 1 },
    log: () => {},
  });
  env.emulator = emulator;
  const { api, runOnce } = emulatorApi(emulator);
  const newTracker = async (name: string, description: string) =>
    (
      await api<{ tracker_id: string }>('POST', `/api/spaces/${emulator.spaceId}/trackers`, {
        name,
        description,
        run_mode: 'manual',
        agent_config: { instruction: 'Assess.', score_meaning: '10 is good.', skills: [] },
      })
    ).tracker_id;

  Object.assign(env, { api, runOnce });
  const proxy = await startCountingProxy(emulator.origin);
  env.proxy = proxy;
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    sku: `SKU-${i}`,
    late_days: i % 9,
    note: 'x'.repeat(40),
  }));
  env.collector = await startCollector((req) => {
    if (req.url === '/rows') return { status: 200, body: rows };
    if (req.url === '/ids') {
      return {
        status: 200,
        body: [{ tracker_id: env.watchedTrackerId }, { tracker_id: 'trk_does-not-exist' }],
      };
    }
    if (req.url === '/files/late-deliveries.csv') return { status: 200, body: CSV, contentType: 'text/csv' };
    if (req.url === '/files/delivery-chart.png') return { status: 200, body: PNG, contentType: 'image/png' };
    return { status: 200, body: { ok: true } };
  });
  const collectorUrl = env.collector.url;
  const n8n = new N8n(app, await freePort());
  n8n.brokerPort = await freePort();
  env.n8n = n8n;
  env.secret = emulator.setWebhook(null).secret;

  env.watchedTrackerId = await newTracker('Watched by polling', 'Runs the polling trigger reports');
  env.firstRunId = (await runOnce(env.watchedTrackerId, 5)).run_id;
  env.failingTrackerId = await newTracker('Fails on purpose', 'Its runs fail with a known error_message');

  const { spaceId } = emulator;
  await n8n.importJson(
    'credentials',
    'credentials',
    credentials(`${proxy.url}/v1`, emulator.token, env.secret),
  );
  await n8n.importJson(
    'workflow',
    'actions',
    actionsWorkflow(spaceId, `${collectorUrl}/rows`, `${collectorUrl}/files`),
  );
  await n8n.importJson('workflow', 'errors', errorsWorkflow(spaceId, `${collectorUrl}/ids`));
  await n8n.importJson('workflow', 'webhook', webhookWorkflow(collectorUrl));
  await n8n.importJson('workflow', 'polling', pollingWorkflow(spaceId, env.watchedTrackerId, collectorUrl));
  await n8n.importJson('workflow', 'poll-all', pollAllWorkflow(spaceId, collectorUrl));
  await n8n.importJson('workflow', 'failed', failedRunWorkflow(env.failingTrackerId, FAILURE));
  await n8n.importJson(
    'workflow',
    'poll-failures',
    pollFailuresWorkflow(spaceId, env.failingTrackerId, collectorUrl),
  );
  const example = readFileSync(DAILY_EXAMPLE, 'utf8');
  await n8n.importJson('workflow', 'daily', dailySummaryWorkflow(example, env.failingTrackerId, FAILURE));
}

/** Stops what startE2e started, as far as it got. */
export async function stopE2e(env: Partial<E2eEnv>): Promise<void> {
  await env.n8n?.stop();
  await env.n8n?.dropDatabase();
  await env.collector?.close();
  await env.proxy?.close();
  await env.emulator?.close();
}
