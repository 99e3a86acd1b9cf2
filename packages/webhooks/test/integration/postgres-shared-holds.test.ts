// Replicas hold a destination together: what one of them learns (a Retry-After, an open circuit)
// is kept in the shared store, and the others hold that destination from their next look.
import { describe, expect, it } from 'vitest';
import { dropSchemas, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { waitUntil } from '../../../../tests/helpers/wait-until.ts';
import { createOutbox } from '../../src/delivery/create-outbox.ts';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { createMetrics } from '../../src/telemetry/metrics.ts';
import { ingestItem } from '../helpers/alerts.ts';

describe('a destination held by one replica is held by all', () => {
  it('a 429 with Retry-After seen by replica A holds the destination for replica B too', async () => {
    const holdsSchema = `tk_holds_${process.pid}_${Date.now() % 100_000}`;
    const [a, b] = await Promise.all(
      ['a', 'b'].map((replicaId) =>
        openPostgresStore({ url: TEST_DATABASE_URL, schema: holdsSchema, replicaId, poolSize: 2 }),
      ),
    );
    const calls = { a: 0, b: 0 };
    const outboxOf = (store: typeof a, name: 'a' | 'b') =>
      createOutbox({
        store: store!,
        destinations: [
          {
            name: 'd',
            type: 'test',
            deliver: async () => {
              calls[name]++;
              return name === 'a'
                ? { ok: false, retryable: true, status: 429, error: 'HTTP 429', retryAfterMs: 60_000 }
                : { ok: true, status: 200 };
            },
          },
        ],
        configs: [
          {
            name: 'd',
            timeoutMs: 1000,
            retry: { maxAttempts: 5, initialDelayMs: 10, maxDelayMs: 120_000, factor: 2 },
          },
        ],
        concurrency: 4,
        pollIntervalMs: 20,
        breaker: { failureThreshold: 5, cooldownMs: 1000 },
        metrics: createMetrics(),
        logger: createLogger({ level: 'silent' }),
      });
    // B's store, telling the test when B's outbox has read the hold A wrote (its look, every 20 ms).
    let bReadTheHold = false;
    const bSeen = new Proxy(b!, {
      get(target, key, receiver) {
        if (key !== 'destinationHolds') return Reflect.get(target, key, receiver);
        return async (now: number) => {
          const holds = await target.destinationHolds(now);
          if (holds.has('d')) bReadTheHold = true;
          return holds;
        };
      },
    });
    const [outA, outB] = [outboxOf(a, 'a'), outboxOf(bSeen, 'b')];
    outA.start();
    outB.start();
    try {
      outA.offer((await a!.ingest(ingestItem('first'))).pending);
      await waitUntil(() => bReadTheHold, { what: 'B read the hold A wrote' });
      const second = await b!.ingest(ingestItem('second'));
      outB.offer(second.pending);
      // B's answer to the offer: the row postponed to the hold's end, not attempted.
      const row = await waitUntil(
        async () => {
          const now = await b!.get(second.pending[0]!.id);
          return now!.nextAttemptAt > Date.now() + 50_000 ? now : undefined;
        },
        { what: "B postponed the second row to the hold's end" },
      );
      expect(calls).toEqual({ a: 1, b: 0 });
      expect(row).toMatchObject({ state: 'pending', attempts: 0 });
    } finally {
      await Promise.all([outA.stop(), outB.stop()]);
      await Promise.all([a!.close(), b!.close()]);
      await dropSchemas([holdsSchema]);
    }
  }, 60_000);
});
