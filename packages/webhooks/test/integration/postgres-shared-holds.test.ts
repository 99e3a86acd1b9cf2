// Replicas hold a destination together: what one of them learns (a Retry-After, an open circuit)
// is kept in the shared store, and the others hold that destination from their next look.
import { describe, expect, it } from 'vitest';
import { dropSchemas, TEST_DATABASE_URL } from '../../../../tests/helpers/test-database.ts';
import { createOutbox } from '../../src/delivery/create-outbox.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createMetrics } from '../../src/server/metrics.ts';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.ts';
import { ingestItem } from '../helpers/alerts.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const [outA, outB] = [outboxOf(a, 'a'), outboxOf(b, 'b')];
    outA.start();
    outB.start();
    try {
      outA.offer((await a!.ingest(ingestItem('first'))).pending);
      await waitFor(async () => (await b!.destinationHolds(Date.now())).has('d'));
      await sleep(100); // B's next look (every 20 ms) reads the hold
      const second = await b!.ingest(ingestItem('second'));
      outB.offer(second.pending);
      await sleep(300);
      expect(calls).toEqual({ a: 1, b: 0 });
      const row = await b!.get(second.pending[0]!.id);
      expect(row).toMatchObject({ state: 'pending', attempts: 0 });
      expect(row!.nextAttemptAt).toBeGreaterThan(Date.now() + 50_000);
    } finally {
      await Promise.all([outA.stop(), outB.stop()]);
      await Promise.all([a!.close(), b!.close()]);
      await dropSchemas([holdsSchema]);
    }
  }, 60_000);
});

async function waitFor(done: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('condition not met');
    await sleep(20);
  }
}
