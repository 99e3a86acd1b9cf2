import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import { SCHEMA } from '../../src/store/schema.ts';
import type { IngestItem } from '../../src/store/types.ts';
import { ingestItem } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

const dir = mkdtempSync(join(tmpdir(), 'tk-store-'));
let clock = 1_000_000;
const now = () => clock;

const item = (webhookId: string, overrides: Partial<IngestItem> = {}): IngestItem =>
  ingestItem(webhookId, {
    source: 'tracker',
    body: '{"type":"tracker.alert"}',
    matches: [{ path: 'root', destinations: ['a', 'b'], repeatIntervalMs: 0, muted: false }],
    repeatScope: 'trk_1:lower',
    ...overrides,
  });

afterAll(dropSchemas);

// The contract: what every store does alike (SQLite and PostgreSQL, the same cases).
describe.each(STORES)('store contract (%s)', (_kind, open) => {
  it('stores once per (source, webhook-id), concurrently too; a duplicate routes nothing', async () => {
    const store = await open({ now });
    const results = await Promise.all([
      store.ingest(item('m1')),
      store.ingest(item('m1')),
      store.ingest(item('m1', { source: 'other' })),
    ]);
    expect(results.map((r) => r.duplicate)).toEqual([false, true, false]);
    expect(results.map((r) => r.deliveries)).toEqual([2, 0, 2]);
    expect(await store.counts()).toEqual({ pending: 4 });
    await store.close();
  });

  it('takes due rows (leaving out those held), retries with the same key, dead-letters and replays', async () => {
    const store = await open({ now });
    const { pending } = await store.ingest(
      item('m1', { matches: [{ path: 'root', destinations: ['a'], repeatIntervalMs: 0, muted: false }] }),
    );
    const [row] = await store.due(10, new Set());
    // What the ingest handed over is exactly what the store holds.
    expect(pending).toEqual([row]);
    expect(row).toMatchObject({ destination: 'a', attempts: 0, webhookId: 'm1' });
    expect(await store.due(10, new Set([row!.id]))).toEqual([]);
    await store.markRetry(row!.id, clock + 100, 503, 'HTTP 503');
    expect(await store.due(10, new Set())).toEqual([]);
    clock += 100;
    const [again] = await store.due(10, new Set());
    expect(again).toMatchObject({
      id: row!.id,
      attempts: 1,
      idempotencyKey: row!.idempotencyKey,
      lastStatus: 503,
    });
    await store.markDead(again!.id, 400, 'HTTP 400');
    expect((await store.list('dead')).map((d) => d.id)).toEqual([row!.id]);
    expect(await store.replay(row!.id)).toBe(1);
    const [replayed] = await store.due(10, new Set());
    expect(replayed).toMatchObject({ attempts: 0, idempotencyKey: row!.idempotencyKey });
    await store.markDelivered(replayed!.id, 200);
    expect(await store.counts()).toEqual({ delivered: 1 });
    await store.close();
  });

  it('lists the dead letters oldest first, up to the limit, and no other state', async () => {
    const store = await open({ now });
    for (let i = 0; i < 4; i++) await store.ingest(item(`dl${i}`));
    const rows = await store.due(100, new Set());
    // Died out of id order: the list is by id, not by when each died.
    expect(rows).toHaveLength(8);
    for (const i of [5, 1, 3, 6]) await store.markDead(rows[i]!.id, 400, 'HTTP 400');
    await store.markDelivered(rows[0]!.id, 200);
    const ids = [5, 1, 3, 6].map((i) => rows[i]!.id).sort((a, b) => a - b);
    expect((await store.list('dead')).map((d) => d.id)).toEqual(ids);
    expect((await store.list('dead', 2)).map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect((await store.list('delivered')).map((d) => d.id)).toEqual([rows[0]!.id]);
    await store.close();
  });

  it('takes due rows past the ones held, up to the limit', async () => {
    const store = await open({ now });
    for (let i = 0; i < 5; i++) await store.ingest(item(`m${i}`));
    const all = await store.due(100, new Set());
    expect(all).toHaveLength(10);
    const held = new Set(all.slice(0, 4).map((r) => r.id));
    expect((await store.due(3, held)).map((r) => r.id)).toEqual(all.slice(4, 7).map((r) => r.id));
    await store.close();
  });

  it('repeat_interval never holds back a new alert; a resolve stops the firing state', async () => {
    const store = await open({ now });
    const m = [{ path: 'root/0', destinations: ['a'], repeatIntervalMs: 1000, muted: false }];
    expect((await store.ingest(item('r1', { matches: m }))).deliveries).toBe(1);
    // A second alert for the same tracker inside the interval is a new alert: it is sent.
    expect((await store.ingest(item('r2', { matches: m }))).deliveries).toBe(1);
    await store.ingest(
      item('r4', { eventType: 'tracker.alert.resolved', matches: [], repeatScope: null, resolves: 'trk_1' }),
    );
    expect((await store.ingest(item('r5', { matches: m }))).deliveries).toBe(1);
    await store.ingest(
      item('r7', { matches: [{ path: 'root', destinations: ['a'], repeatIntervalMs: 0, muted: true }] }),
    );
    expect(await store.counts()).toEqual({ pending: 3, muted: 1 });
    await store.close();
  });

  it('repeat_interval re-sends the latest alert of a still-firing tracker every interval until resolved', async () => {
    const store = await open({ now });
    const m = [{ path: 'root/0', destinations: ['a', 'b'], repeatIntervalMs: 1000, muted: false }];
    const pending = async () => (await store.list('pending')).map((d) => `${d.webhookId}>${d.destination}`);
    await store.ingest(item('r1', { matches: m, repeatScope: 'trk_1' }));
    await store.ingest(item('other', { matches: m, repeatScope: 'trk_2' }));
    clock += 999;
    expect(await store.repeatDue()).toBe(0);
    await store.ingest(item('r2', { matches: m, repeatScope: 'trk_1' })); // restarts trk_1's interval
    clock += 1;
    expect(await store.repeatDue()).toBe(2); // trk_2 only
    clock += 998;
    expect(await store.repeatDue()).toBe(0);
    clock += 1;
    expect(await store.repeatDue()).toBe(2); // trk_1's latest alert, r2
    expect(await store.repeatDue((route) => route === 'root/0')).toBe(0); // nothing else due
    clock += 1000;
    expect(await store.repeatDue((route) => route === 'root/0')).toBe(0); // muted: waits
    await store.ingest(
      item('res', { eventType: 'tracker.alert.resolved', matches: [], repeatScope: null, resolves: 'trk_2' }),
    );
    clock += 60_000;
    expect(await store.repeatDue()).toBe(2); // trk_1 once more after the mute; trk_2 resolved
    const rows = await pending();
    expect(rows.filter((r) => r === 'other>a')).toHaveLength(2);
    expect(rows.filter((r) => r === 'r2>a')).toHaveLength(3);
    expect(rows.filter((r) => r === 'r1>a')).toHaveLength(1);
    const keys = (await store.list('pending')).map((d) => d.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    await store.close();
  });

  it('a muted route does not block a continue route to the same destination', async () => {
    const store = await open({ now });
    const result = await store.ingest(
      item('m1', {
        matches: [
          { path: 'root/0:quiet', destinations: ['a'], repeatIntervalMs: 0, muted: true },
          { path: 'root/1:loud', destinations: ['a', 'b'], repeatIntervalMs: 0, muted: false },
        ],
      }),
    );
    expect(result.deliveries).toBe(2);
    expect((await store.list('pending')).map((d) => `${d.destination}@${d.route}`)).toEqual([
      'a@root/1:loud',
      'b@root/1:loud',
    ]);
    await store.close();
  });

  it('rejects with a 503 error once closed', async () => {
    const store = await open({ now });
    await store.close();
    await expect(store.ingest(item('x'))).rejects.toMatchObject({ status: 503, reason: 'storage' });
    await expect(store.ping()).rejects.toThrow(/^@trackerkit\/webhooks: storage failed/);
  });
});

describe.each(STORES)('destination holds (%s)', (_kind, open) => {
  it('a later hold extends an earlier one, never shortens it; a release ends it; only holds past now are read', async () => {
    const store = await open({ now });
    await store.holdDestination('slack', clock + 5000);
    await store.holdDestination('slack', clock + 1000);
    await store.holdDestination('pager', clock + 100);
    expect(await store.destinationHolds(clock)).toEqual(
      new Map([
        ['slack', clock + 5000],
        ['pager', clock + 100],
      ]),
    );
    expect(await store.destinationHolds(clock + 100)).toEqual(new Map([['slack', clock + 5000]]));
    await store.releaseDestination('slack');
    expect(await store.destinationHolds(clock)).toEqual(new Map([['pager', clock + 100]]));
    await store.close();
  });
});

// The SQLite file's own ways: group commit, :memory:, its schema version.
describe('store (SQLite)', () => {
  it('writes queued in one turn share one transaction; a failing write fails alone', async () => {
    const store = openStore(join(dir, 'c2.db'), { now });
    await store.ingest(item('m1'));
    const [a, b] = await store.due(10, new Set());
    const results = await Promise.allSettled([
      store.markDelivered(a!.id, 200),
      // A retry whose error text is not a string breaks only its own statement.
      store.markRetry(b!.id, clock, 503, { slice: () => ({}) } as unknown as string),
      store.ingest(item('m2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.counts()).toEqual({ delivered: 1, pending: 3 });
    await store.close();
  });

  it('group commit: concurrent ingests across many groups store each id once and resolve after the commit', async () => {
    const path = join(dir, 'f.db');
    const store = openStore(path, { now });
    const waves = await Promise.all(
      Array.from({ length: 5 }, async (_, wave) => {
        // Each wave a turn later than the one before: it lands in a later group.
        for (let turn = 0; turn < wave; turn++) await nextTurn();
        return Promise.all(Array.from({ length: 200 }, (_, i) => store.ingest(item(`g${i % 150}`))));
      }),
    );
    const fresh = waves.flat().filter((r) => !r.duplicate);
    expect(fresh).toHaveLength(150);
    expect(new Set(fresh.map((r) => r.alertId)).size).toBe(150);
    expect(await store.counts()).toEqual({ pending: 300 });
    await store.close();
    const reopened = openStore(path, { now });
    expect(await reopened.counts()).toEqual({ pending: 300 });
    await reopened.close();
  });

  it('close() commits the writes still queued, settles each, then closes the file', async () => {
    const path = join(dir, 'g.db');
    const store = openStore(path, { now });
    const pending = Array.from({ length: 50 }, (_, i) => store.ingest(item(`c${i}`)));
    // One turn later the first group has been committed; the next ones are still queued when
    // close() is called.
    await new Promise((r) => setImmediate(r));
    pending.push(...Array.from({ length: 20 }, (_, i) => store.ingest(item(`q${i}`))));
    await store.close();
    const results = await Promise.allSettled(pending);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const reopened = openStore(path, { now });
    expect(await reopened.counts()).toEqual({ pending: 140 });
    await reopened.close();
  });

  it('commits in place for :memory:', async () => {
    const store = openStore(':memory:', { now });
    const results = await Promise.all([store.ingest(item('m1')), store.ingest(item('m1'))]);
    expect(results.map((r) => r.duplicate)).toEqual([false, true]);
    expect(await store.counts()).toEqual({ pending: 2 });
    await store.close();
  });

  it('records its schema version in user_version, and opens the file again as it is', async () => {
    const path = join(dir, 'versioned.db');
    await openStore(path, { now }).close();
    const file = new DatabaseSync(path);
    expect(file.prepare('PRAGMA user_version').get()).toEqual({ user_version: 1 });
    file.close();
    const again = openStore(path, { now });
    expect(await again.ingest(item('after-reopen'))).toMatchObject({ duplicate: false, deliveries: 2 });
    await again.close();
  });

  it.each([
    ['tables without a schema version (an earlier build)', 0, /has tables but no schema version/],
    ['a schema version this build does not know', 99, /is at schema version 99, this build knows 1 to 1/],
  ])('refuses a file with %s, naming it', (_name, version, message) => {
    const path = join(dir, `foreign-${version}.db`);
    const file = new DatabaseSync(path);
    file.exec(SCHEMA);
    file.exec(`PRAGMA user_version = ${version}`);
    file.close();
    expect(() => openStore(path, { now })).toThrow(message);
    expect(() => openStore(path, { now })).toThrow(path);
  });
});
