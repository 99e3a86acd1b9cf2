import { afterAll, describe, expect, it } from 'vitest';
import { createRetention, type PruneKind } from '../../src/store/retention.ts';
import type { IngestItem } from '../../src/store/types.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { ingestItem } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

const DAY = 86_400_000;
const logger = createLogger({ level: 'silent' });

const item = (webhookId: string, destinations = ['a']): IngestItem =>
  ingestItem(webhookId, {
    source: 'tracker',
    body: '{"type":"tracker.alert"}',
    matches: [{ path: 'root', destinations, repeatIntervalMs: 0, muted: false }],
  });

afterAll(dropSchemas);

describe.each(STORES)('retention (%s)', (_kind, open) => {
  it('prunes old finished rows in small steps; new rows, pending rows and recent dead letters stay', async () => {
    let clock = 100 * DAY;
    const store = await open({ now: () => clock });
    // Old: 40 alerts delivered, 1 dead letter, 1 still pending (a destination down for weeks).
    for (let i = 0; i < 40; i++) await store.ingest(item(`old_${i}`));
    await store.ingest(item('old_dead'));
    await store.ingest(item('old_pending'));
    for (const row of await store.due(100, new Set())) {
      if (row.webhookId === 'old_dead') await store.markDead(row.id, 400, 'HTTP 400');
      else if (row.webhookId !== 'old_pending') await store.markDelivered(row.id, 200);
    }
    // Ten days later: deliveries (7 d) are past retention, alerts (30 d) are not.
    clock += 10 * DAY;
    await store.ingest(item('new_1'));
    for (const row of await store.due(100, new Set())) {
      if (row.webhookId === 'new_1') await store.markDelivered(row.id, 200);
    }
    const steps: PruneKind[] = [];
    const retention = createRetention({
      prune: store.prune,
      alertsMs: 30 * DAY,
      deliveriesMs: 7 * DAY,
      now: () => clock,
      logger,
      window: 8,
      onStep: (kind) => steps.push(kind),
    });
    expect(await retention.run()).toEqual({ alerts: 0, deliveries: 40, silences: 0, ended: 0 });
    // Small steps: 43 rows in windows of 8.
    expect(steps.filter((k) => k === 'deliveries').length).toBeGreaterThanOrEqual(5);
    expect(await store.counts()).toEqual({ dead: 1, pending: 1, delivered: 1 });
    // What /metrics reports: the outbox's rows only.
    expect(await store.outboxCounts()).toEqual({ pending: 1, dead: 1 });

    // Forty days on: the old alerts go with their dead letter; the one still pending stays.
    clock += 30 * DAY;
    expect(await retention.run()).toEqual({ alerts: 41, deliveries: 1, silences: 0, ended: 0 });
    expect(await store.counts()).toEqual({ pending: 1 });
    expect(await store.outboxCounts()).toEqual({ pending: 1, dead: 0 });
    expect((await store.list('pending')).map((r) => r.webhookId)).toEqual(['old_pending']);
    // Gone means gone: the same webhook-id now stores again (a sender retries for hours, not weeks).
    expect((await store.ingest(item('old_3'))).duplicate).toBe(false);
    await retention.stop();
    await store.close();
  });

  it('a pass walks only as far as the last old row: its cost is the rows it prunes, not the table', async () => {
    let clock = 100 * DAY;
    const store = await open({ now: () => clock });
    for (let i = 0; i < 20; i++) await store.ingest(item(`old_${i}`));
    for (const row of await store.due(100, new Set())) await store.markDelivered(row.id, 200);
    clock += 40 * DAY;
    for (let i = 0; i < 200; i++) await store.ingest(item(`new_${i}`));
    const steps: Record<PruneKind, number> = { alerts: 0, deliveries: 0 };
    const retention = createRetention({
      prune: store.prune,
      alertsMs: 30 * DAY,
      deliveriesMs: 7 * DAY,
      now: () => clock,
      logger,
      window: 10,
      onStep: (kind) => steps[kind]++,
    });
    // The 20 old rows of each table go in two windows (walking to the end would take 22).
    expect(await retention.run()).toEqual({ alerts: 20, deliveries: 20, silences: 0, ended: 0 });
    expect(steps).toEqual({ alerts: 2, deliveries: 2 });
    // The next pass finds nothing old: one empty step per table.
    await retention.run();
    expect(steps).toEqual({ alerts: 3, deliveries: 3 });
    await retention.stop();
    await store.close();
  });

  it('yields between steps: ingestion is answered while a prune runs', async () => {
    const clock = 100 * DAY;
    const store = await open({ now: () => clock - 60 * DAY });
    await Promise.all(Array.from({ length: 2000 }, (_, i) => store.ingest(item(`old_${i}`, []))));
    await store.close();
    const live = await open({ name: store.name, now: () => clock });
    const order: string[] = [];
    const retention = createRetention({
      prune: live.prune,
      alertsMs: 30 * DAY,
      deliveriesMs: null,
      now: () => clock,
      logger,
      window: 10,
      onStep: () => order.push('step'),
    });
    // A callback queued on the event loop before the prune starts must run before its last step:
    // the prune yields between steps, which is what lets a server answer ingests meanwhile. (Racing
    // real ingests against it would make the test depend on the commit thread's speed.)
    setImmediate(() => order.push('tick'));
    const pruning = retention.run();
    const ingested = Promise.all(Array.from({ length: 5 }, (_, i) => live.ingest(item(`new_${i}`))));
    const [pruned] = await Promise.all([pruning, ingested]);
    expect(pruned).toEqual({ alerts: 2000, deliveries: 0, silences: 0, ended: 0 });
    expect(order.filter((o) => o === 'step').length).toBeGreaterThan(1);
    expect(order.indexOf('tick')).toBeGreaterThan(-1);
    expect(order.indexOf('tick')).toBeLessThan(order.lastIndexOf('step'));
    expect(await live.counts()).toEqual({ pending: 5 });
    await live.close();
  }, 60_000);

  it("keeps the alert a tracker still fires with (inhibit rules' source) and prunes silences expired long ago", async () => {
    let clock = 100 * DAY;
    const store = await open({ now: () => clock });
    // A tracker fires and never resolves: its alert is the one inhibit rules look at.
    await store.ingest({ ...item('firing_1'), repeatScope: 'trk_1' });
    await store.ingest(item('plain_1'));
    for (const row of await store.due(100, new Set())) await store.markDelivered(row.id, 200);
    const old = await store.silences.create({
      matchers: [{ name: 'tracker_id', value: 'trk_9', isRegex: false, isEqual: true }],
      startsAt: clock,
      endsAt: clock + DAY,
      createdBy: 'ops',
      comment: 'maintenance',
    });
    const recent = await store.silences.create({
      matchers: [{ name: 'tracker_id', value: 'trk_8', isRegex: false, isEqual: true }],
      startsAt: clock,
      endsAt: clock + 55 * DAY,
      createdBy: 'ops',
      comment: 'long maintenance',
    });
    clock += 60 * DAY;
    const retention = createRetention({
      prune: store.prune,
      pruneSilences: store.pruneSilences,
      alertsMs: 30 * DAY,
      deliveriesMs: 7 * DAY,
      silencesMs: 5 * DAY,
      now: () => clock,
      logger,
    });
    // Before, the firing alert's delete broke its foreign key and failed every pass.
    expect(await retention.run()).toEqual({ alerts: 1, deliveries: 2, silences: 1, ended: 0 });
    expect(await store.firingAlerts()).toHaveLength(1);
    expect(await store.silences.get(old.id)).toBeUndefined();
    expect(await store.silences.get(recent.id)).toBeDefined();
    await store.close();
  });
});
