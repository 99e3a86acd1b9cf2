import { afterAll, describe, expect, it } from 'vitest';
import { ingestItem } from '../helpers/alerts.ts';
import { dropSchemas, STORES } from '../helpers/stores.ts';

afterAll(dropSchemas);

// Alerts arriving in one turn share a transaction, and on PostgreSQL the ingests that touch none
// of each other's rows run side by side, each operation once for all of them. The outcome must be
// the one they would have had one after the other, on both stores.
describe.each(STORES)('ingests of one turn (%s)', (_kind, open) => {
  it('two alerts of each tracker, a duplicate and alerts without a tracker: as if one after the other', async () => {
    let clock = 5_000_000;
    const store = await open({ now: () => clock });
    const body = (tracker: string, n: number) => JSON.stringify({ type: 'tracker.alert', tracker, n });
    const items = [];
    for (let n = 0; n < 2; n++)
      for (let t = 0; t < 6; t++)
        items.push(
          ingestItem(`m_${t}_${n}`, {
            body: body(`trk_${t}`, n),
            repeatScope: `trk_${t}`,
            matches: [{ path: 'root', destinations: ['a', 'b'], repeatIntervalMs: 60_000, muted: false }],
          }),
        );
    // No tracker: nothing orders these, so they run beside the others; the second is a duplicate.
    items.push(ingestItem('lone', { body: body('none', 0) }), ingestItem('lone', { body: body('none', 1) }));
    items.push(
      ingestItem('muted', {
        matches: [{ path: 'root', destinations: ['a'], repeatIntervalMs: 0, muted: true }],
      }),
    );
    const results = await Promise.all(items.map((item) => store.ingest(item)));

    expect(results.map((r) => r.duplicate)).toEqual([...items.slice(0, -2).map(() => false), true, false]);
    const ids = results.flatMap((r) => (r.alertId === null ? [] : [r.alertId]));
    expect(new Set(ids).size).toBe(ids.length);
    // Each pending row handed over is the one the store holds, under its own alert.
    const due = await store.due(100, new Set());
    const handed = results.flatMap((r) => r.pending);
    expect(handed).toHaveLength(2 * 12 + 1);
    expect(new Map(due.map((d) => [d.id, d]))).toEqual(new Map(handed.map((d) => [d.id, d])));
    for (const [i, r] of results.entries())
      for (const p of r.pending)
        expect(p).toMatchObject({ alertId: r.alertId, webhookId: items[i]!.webhookId });
    expect(await store.counts()).toEqual({ pending: 25, muted: 1 });
    // The later alert of each tracker is the one firing, as it would be one after the other.
    expect(
      (await store.firingAlerts()).map((b) => JSON.parse(b)).sort((x, y) => (x.tracker < y.tracker ? -1 : 1)),
    ).toEqual(Array.from({ length: 6 }, (_, t) => ({ type: 'tracker.alert', tracker: `trk_${t}`, n: 1 })));
    // Repeats follow the later alert too.
    clock += 60_000;
    expect(await store.repeatDue()).toBe(12);
    await store.close();
  });
});
