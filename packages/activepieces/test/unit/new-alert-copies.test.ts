// New Alert under copies arriving together, driven as the engine drives it: each copy is an
// execution of its own with a store object of its own over the flow's entries. The seen-record is
// one store value read and written back, and the engine's store has no compare-and-set, so copies
// whose store calls overlap must still start one flow between them.
import { randomBytes } from 'node:crypto';
import { generateSecret, standardWebhooksHeaders } from '@trackerkit/core/signing';
import { describe, expect, it } from 'vitest';
import { newAlert, SEEN_KEY, takeAlert } from '../../src/index.ts';
import { connection, memoryStore, triggerHarness } from '../helpers/harness.ts';

const secret = generateSecret(randomBytes);
const auth = connection('http://127.0.0.1:9/v1', 'qapi_unused', secret);

/** One signed delivery as the service sends it (a copy is the same request again). */
function delivery(id: string) {
  const raw = JSON.stringify({
    type: 'tracker.alert',
    timestamp: new Date().toISOString(),
    data: { tracker_id: 'trk_1', space_id: 'spc_1', score: 2 },
  });
  return {
    body: JSON.parse(raw),
    rawBody: raw,
    headers: { ...standardWebhooksHeaders(secret, id, raw, Date.now()), 'content-type': 'application/json' },
  };
}

const started = (outputs: unknown[][]) => outputs.reduce((sum, items) => sum + items.length, 0);

describe('New Alert: copies of one delivery', () => {
  it('10 copies at once start one flow', async () => {
    const alerts = triggerHarness(newAlert, auth, {});
    const copy = delivery('msg_concurrent');
    const outputs = await Promise.all(Array.from({ length: 10 }, () => alerts.run(copy)));
    expect(started(outputs)).toBe(1);
  });

  it('a copy arriving while the first is still reading the store starts no second flow', async () => {
    // Two copies 5 ms apart on an engine whose store round trip is longer than that: the second
    // arrives while the first one's read is in flight.
    const alerts = triggerHarness(newAlert, auth, {});
    const copy = delivery('msg_apart');
    alerts.gate.close();
    const first = alerts.run(copy);
    await alerts.gate.arrived(1);
    const second = alerts.run(copy);
    alerts.gate.open();
    expect(started(await Promise.all([first, second]))).toBe(1);
  });

  it('different deliveries at once are all remembered: a later copy of each starts nothing', async () => {
    const alerts = triggerHarness(newAlert, auth, {});
    const deliveries = Array.from({ length: 10 }, (_, i) => delivery(`msg_${i}`));
    expect(started(await Promise.all(deliveries.map((d) => alerts.run(d))))).toBe(10);
    expect(Object.keys(alerts.store.entries.get(`FLOW/${SEEN_KEY}`) as object)).toHaveLength(10);
    expect(started(await Promise.all(deliveries.map((d) => alerts.run(d))))).toBe(0);
  });

  it('each flow with the trigger starts once for the same delivery', async () => {
    const copy = delivery('msg_two_flows');
    const flows = [
      triggerHarness(newAlert, auth, {}, 'flow-a'),
      triggerHarness(newAlert, auth, {}, 'flow-b'),
    ];
    const outputs = await Promise.all(flows.flatMap((flow) => [flow.run(copy), flow.run(copy)]));
    expect(outputs.map((items) => items.length).sort()).toEqual([0, 0, 1, 1]);
  });

  it('a store call that fails fails its own delivery only: the next one takes its turn', async () => {
    const entries = new Map<string, unknown>();
    const failing = {
      ...memoryStore(entries),
      put: async () => {
        throw new Error('store unavailable');
      },
    };
    const copy = delivery('msg_after_failure');
    const [lost, next] = await Promise.allSettled([
      takeAlert(copy, secret, failing, Date.now(), 300, 'flow-f'),
      takeAlert(copy, secret, memoryStore(entries), Date.now(), 300, 'flow-f'),
    ]);
    expect(lost).toMatchObject({ status: 'rejected', reason: { message: 'store unavailable' } });
    expect(next).toMatchObject({ status: 'fulfilled', value: { outcome: 'accepted' } });
  });
});
