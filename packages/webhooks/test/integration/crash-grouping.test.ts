import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import type { WebhookMessage } from '../../src/alerts/alertmanager-payload.ts';
import { idempotencyKey } from '../../src/store/idempotency-key.ts';
import { exampleAlert, signedRequest } from '../helpers/alerts.ts';
import { ENV, range, readStore, recordingLoopback, sendAll, writeConfig } from '../helpers/crash-harness.ts';
import { type Loopback, startLoopback } from '../helpers/loopback.ts';
import { freePort, spawnReceiver } from '../helpers/spawn-receiver.ts';

const loops: Loopback[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(loops.map((l) => l.close()));
});

describe('kill -9 while groups wait for their notification (group_wait)', () => {
  it('loses nothing: after the restart each alert goes once, with its group, never before group_wait; each group notified once', async () => {
    const ALERTS = 60;
    const SPACES = 6;
    const WAIT_MS = 6000;
    const hook = await recordingLoopback(loops);
    // Alertmanager's webhook: one notification per group, listing the group's alerts.
    const webhook = await startLoopback();
    loops.push(webhook);
    const { configPath, storePath } = writeConfig('tk-crash-group-', {
      destinations: [
        { name: 'hook', type: 'forward', url: hook.loop.url, secret: { env: 'TRACKER_WEBHOOK_SECRET' } },
        { name: 'am-webhook', type: 'webhook', url: webhook.url },
      ],
      route: {
        destination: ['hook', 'am-webhook'],
        group_by: ['space_id'],
        group_wait: `${WAIT_MS}ms`,
        group_interval: '1m',
      },
      delivery: { poll_interval: '20ms' },
    });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/tracker`;
    const first = await spawnReceiver(configPath, port, ENV);
    children.push(first.child);

    // Stamped now: an alert that started longer than group_wait ago is notified at once (Alertmanager).
    const timestamp = new Date().toISOString();
    const requests = range(0, ALERTS).map((i) =>
      signedRequest(
        {
          ...exampleAlert({
            tracker_id: `trk_group_${i}`,
            space_id: `spc_${i % SPACES}`,
            tracker_name: `Group ${i}`,
          }),
          timestamp,
        },
        { id: `msg_group_${i}` },
      ),
    );
    const sentAt = Date.now();
    const acked = new Set<number>();
    await sendAll(url, requests, range(0, ALERTS), acked);
    expect(acked.size).toBe(ALERTS);
    // Killed while every group waits (nothing has gone yet): the outbox rows carry their group's
    // notification time.
    expect(hook.accepted).toEqual([]);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const rows = readStore<{ next_attempt_at: number; state: string }>(
      storePath,
      'SELECT next_attempt_at, state FROM deliveries',
    );
    expect(rows).toHaveLength(ALERTS);
    for (const row of rows) {
      expect(row.state).toBe('pending');
      expect(Number(row.next_attempt_at)).toBeGreaterThanOrEqual(sentAt + WAIT_MS);
    }
    const stored = readStore<{ n: number }>(storePath, 'SELECT COUNT(*) AS n FROM alert_groups');
    expect(Number(stored[0]!.n)).toBe(SPACES);
    // The groups hold their alerts (the notifications are made from them after the restart).
    const members = readStore<{ n: number }>(storePath, 'SELECT COUNT(*) AS n FROM group_alerts');
    expect(Number(members[0]!.n)).toBe(ALERTS);

    const second = await spawnReceiver(configPath, port, ENV);
    children.push(second.child);
    await waitUntil(() => hook.accepted.length >= ALERTS, {
      what: 'every alert delivered after the restart',
      timeout: 60_000,
    });
    await waitUntil(() => webhook.requests.length >= SPACES, {
      what: 'one notification per group',
      timeout: 60_000,
    });
    second.child.kill('SIGKILL');

    // One notification per group, under its own key, listing the group's ten alerts, firing.
    expect(new Set(webhook.requests.map((r) => r.headers['idempotency-key'])).size).toBe(SPACES);
    const groups = webhook.requests.map((r) => r.json as WebhookMessage);
    expect(groups.map((g) => g.groupLabels.space_id).sort()).toEqual(range(0, SPACES).map((i) => `spc_${i}`));
    for (const g of groups) {
      expect(g.alerts).toHaveLength(ALERTS / SPACES);
      expect(
        g.alerts.every((a) => a.status === 'firing' && a.labels.space_id === g.groupLabels.space_id),
      ).toBe(true);
    }

    // Each alert once, under its own key; none before its group's wait was over.
    const keys = hook.accepted.map((a) => a.key);
    expect(new Set(keys).size).toBe(ALERTS);
    expect(new Set(keys)).toEqual(
      new Set(range(0, ALERTS).map((i) => idempotencyKey('tracker', `msg_group_${i}`, 'hook'))),
    );
    // A group's alerts go together at its notification time, never before the wait is over.
    for (const a of hook.accepted) expect(a.at).toBeGreaterThanOrEqual(sentAt + WAIT_MS);
    console.info(
      `grouping crash: ${ALERTS} alerts in ${SPACES} groups, kill -9 during group_wait, ` +
        `${hook.accepted.length} accepted requests after the restart`,
    );
  });
});
