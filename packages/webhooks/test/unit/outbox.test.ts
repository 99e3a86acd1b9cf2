import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox } from '../../src/delivery/create-outbox.ts';
import type { DeliveryOutcome, Destination } from '../../src/delivery/types.ts';
import { openStore } from '../../src/store/open-store.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { createMetrics } from '../../src/telemetry/metrics.ts';
import { ingestItem } from '../helpers/alerts.ts';

const retry = { maxAttempts: 5, initialDelayMs: 10, maxDelayMs: 60_000, factor: 2 };

/** An in-memory store and an outbox over one scripted destination; the clock is the test's. */
function setup(script: (call: number) => DeliveryOutcome, secrets: string[] = []) {
  let clock = 1_000_000;
  const now = () => clock;
  const store = openStore(':memory:', { now });
  const calls: Array<{ key: string; at: number }> = [];
  const logs: string[] = [];
  const destination: Destination = {
    name: 'd',
    type: 'test',
    deliver: async (job) => {
      calls.push({ key: job.idempotencyKey, at: clock });
      return script(calls.length);
    },
  };
  const outbox = createOutbox({
    store,
    destinations: [destination],
    configs: [{ name: 'd', timeoutMs: 1000, retry }],
    secrets: new Map([['d', secrets]]),
    concurrency: 4,
    pollIntervalMs: 5,
    breaker: { failureThreshold: 100, cooldownMs: 1000 },
    metrics: createMetrics(),
    logger: createLogger({ level: 'debug', write: (l) => logs.push(l) }),
    now,
  });
  const ingest = (id: string) => store.ingest(ingestItem(id));
  // Twelve of the outbox's 5 ms looks, each one's store work settled before the next.
  const settle = () => vi.advanceTimersByTimeAsync(60);
  return {
    store,
    outbox,
    calls,
    logs,
    ingest,
    settle,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('outbox delivery policy', () => {
  // The outbox's look timer on a fake clock (its `now` is the test's own, above).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a 429 pauses the whole destination until its retry delay, without spending attempts on other rows', async () => {
    const t = setup((n) =>
      n === 1
        ? { ok: false, retryable: true, status: 429, error: 'HTTP 429', retryAfterMs: 30_000 }
        : { ok: true, status: 200 },
    );
    await t.ingest('a');
    t.outbox.start();
    await t.settle();
    expect(t.calls).toHaveLength(1);
    await t.ingest('b');
    t.outbox.wake();
    await t.settle();
    // The second alert waits for the pause too, and was not charged an attempt.
    expect(t.calls).toHaveLength(1);
    expect((await t.store.list('pending')).map((r) => r.attempts).sort()).toEqual([0, 1]);
    t.advance(31_000);
    t.outbox.wake();
    await t.settle();
    expect(t.calls).toHaveLength(3);
    expect(await t.store.counts()).toEqual({ delivered: 2 });
    await t.outbox.stop();
    await t.store.close();
  });

  it('410 Gone is a stop: dead-lettered at once, never retried', async () => {
    const t = setup(() => ({ ok: false, retryable: false, status: 410, error: 'HTTP 410 Gone' }));
    await t.ingest('gone');
    t.outbox.start();
    await t.settle();
    t.advance(3_600_000);
    t.outbox.wake();
    await t.settle();
    expect(t.calls).toHaveLength(1);
    const [dead] = await t.store.list('dead');
    expect(dead).toMatchObject({ attempts: 1, lastStatus: 410 });
    await t.outbox.stop();
    await t.store.close();
  });

  it('a secret a destination echoes in its error body is cut out of the stored error and the logs', async () => {
    const key = 'R0UTING-KEY-0123456789';
    const t = setup(
      () => ({ ok: false, retryable: false, status: 400, error: `HTTP 400: {"routing_key":"${key}"}` }),
      [key],
    );
    await t.ingest('echo');
    t.outbox.start();
    await t.settle();
    expect((await t.store.list('dead'))[0]!.lastError).toBe('HTTP 400: {"routing_key":"[redacted]"}');
    expect(t.logs.join('')).not.toContain(key);
    expect(t.logs.join('')).toContain('dead-lettered');
    await t.outbox.stop();
    await t.store.close();
  });

  it('sends what an ingest hands over without reading the store, past capacity from the store, each once', async () => {
    const t = setup(() => ({ ok: true, status: 200 }));
    t.outbox.start();
    await t.settle();
    // Count the rows read back from the store (the timer looks every 5 ms): a hand-over needs none.
    let reads = 0;
    const due = t.store.due.bind(t.store);
    t.store.due = async (limit, skip) => {
      const rows = await due(limit, skip);
      reads += rows.length;
      return rows;
    };
    const first = await t.ingest('hot');
    t.outbox.offer(first.pending);
    await t.settle();
    expect(t.calls).toHaveLength(1);
    expect(reads).toBe(0);
    // Ten at once with four slots: four from memory, the rest found in the store, none twice.
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => t.ingest(`burst_${i}`)));
    for (const r of results) t.outbox.offer(r.pending);
    for (let i = 0; i < 10 && t.calls.length < 11; i++) await t.settle();
    expect(t.calls).toHaveLength(11);
    expect(new Set(t.calls.map((c) => c.key)).size).toBe(11);
    expect(reads).toBeGreaterThan(0);
    expect(await t.store.counts()).toEqual({ delivered: 11 });
    await t.outbox.stop();
    await t.store.close();
  });

  it('a stop waits for outcomes still being committed', async () => {
    const t = setup(() => ({ ok: true, status: 200 }));
    t.outbox.start();
    const { pending } = await t.ingest('last');
    t.outbox.offer(pending);
    await new Promise((r) => setImmediate(r));
    await t.outbox.stop();
    expect(await t.store.counts()).toEqual({ delivered: 1 });
    await t.store.close();
  });
});
