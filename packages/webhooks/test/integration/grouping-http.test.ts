import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { Receiver } from '../../src/server/start-receiver.ts';
import { exampleAlert, exampleResolved, SECRET, signedRequest } from '../helpers/alerts.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { post } from '../helpers/post.ts';

const WAIT_MS = 800;
let receiver: Receiver;
let slack: Loopback;
const dir = mkdtempSync(join(tmpdir(), 'tk-grouping-http-'));
const archive = join(dir, 'archive.jsonl');

beforeAll(async () => {
  const { startReceiver } = await import('../../src/server/start-receiver.ts');
  slack = await startLoopback();
  receiver = await startReceiver({
    port: 0,
    storagePath: join(dir, 'store.db'),
    config: {
      sources: [{ name: 'tracker', path: '/webhooks/tracker', secret: { env: 'SECRET' } }],
      destinations: [
        { name: 'slack', type: 'slack', url: { env: 'SLACK_URL' } },
        { name: 'archive', type: 'file', path: archive },
      ],
      route: {
        destination: ['slack', 'archive'],
        group_by: ['space_id'],
        group_wait: `${WAIT_MS}ms`,
        group_interval: '1h',
      },
      delivery: { poll_interval: '20ms' },
      log: { level: 'silent' },
    },
    env: { SECRET, SLACK_URL: `${slack.url}/services/T0/B0/X` },
  });
});

afterAll(async () => {
  await receiver.close();
  await slack.close();
});

/** Sends the alert as the service would now (a stale timestamp would skip group_wait, as in Alertmanager). */
async function send(event: { timestamp: string }) {
  event.timestamp = new Date().toISOString();
  const req = signedRequest(event);
  expect((await post(receiver.sourceUrls.tracker!, req.body, req.headers)).status).toBe(200);
}

const lines = () => {
  try {
    return readFileSync(archive, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

describe('grouping over HTTP: one chat message per group notification, each event on its own to the archive', () => {
  it('three alerts of one space go as one Slack message after group_wait; another space as its own', async () => {
    const sentAt = Date.now();
    for (const name of ['Supplier A', 'Supplier B', 'Supplier C'])
      await send(
        exampleAlert({ tracker_id: `trk_${name.at(-1)}`, tracker_name: name, space_id: 'spc_east' }),
      );
    await send(exampleAlert({ tracker_id: 'trk_W', tracker_name: 'Supplier W', space_id: 'spc_west' }));
    // Nothing goes while the groups wait.
    expect(slack.requests).toHaveLength(0);
    await waitUntil(() => slack.requests.length >= 2 && lines().length >= 4, {
      what: 'both groups notified',
      timeout: 30_000,
    });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(WAIT_MS);
    const texts = slack.requests.map((r) => (r.json as { text: string }).text);
    const east = texts.find((t) => t.includes('3 alerts'))!;
    expect(east).toBeDefined();
    for (const name of ['Supplier A', 'Supplier B', 'Supplier C']) expect(east).toContain(name);
    expect(texts.find((t) => t.includes('Supplier W'))).not.toContain('alerts (');
    expect(slack.requests).toHaveLength(2);
    // The archive (a file: each alert's own data) has one line per alert.
    expect(lines()).toHaveLength(4);
    // Each notification has its own idempotency key.
    const keys = slack.requests.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
    // Two group notifications to Slack, four events to the archive.
    await waitUntil(async () => (await receiver.store.counts()).delivered === 6, {
      what: 'every outcome recorded',
      timeout: 30_000,
    });
    expect(await receiver.store.counts()).toEqual({ delivered: 6 });
  });

  it('a resolve joins its group at the next group_interval tick, not at once', async () => {
    const before = slack.requests.length;
    await send(exampleResolved({ tracker_id: 'trk_A', tracker_name: 'Supplier A', space_id: 'spc_east' }));
    // A witness sent after the resolve, in a group of its own: once its notification (after its
    // group_wait) is recorded, a resolve sent at once or at its own group_wait would be too.
    await send(exampleAlert({ tracker_id: 'trk_N', tracker_name: 'Supplier N', space_id: 'spc_north' }));
    await waitUntil(async () => (await receiver.store.counts()).delivered === 8, {
      what: "the witness's notification and archive line recorded",
    });
    // group_interval is an hour: the resolve waits with its group. Slack hears of it in the
    // group's next notification (made by that flush); the archive's event row waits for it.
    const since = slack.requests.slice(before).map((r) => (r.json as { text: string }).text);
    expect(since).toHaveLength(1);
    expect(since[0]).toContain('Supplier N');
    const pending = await receiver.store.list('pending');
    expect(pending.map((r) => r.destination)).toEqual(['archive']);
    expect(pending[0]!.nextAttemptAt).toBeGreaterThan(Date.now() + 3_000_000);
  });
});
