import { createOutbox } from '../../src/delivery/create-outbox.ts';
import type { DeliveryJob, DeliveryOutcome, Destination } from '../../src/delivery/types.ts';
import { openStore } from '../../src/store/open-store.ts';
import { createLogger } from '../../src/telemetry/logger.ts';
import { createMetrics } from '../../src/telemetry/metrics.ts';
import { exampleAlert, ingestItem } from './alerts.ts';

/**
 * A body nested `depth` deep (`JSON.stringify` overflows the stack on it parsed): what ingest now
 * refuses, and what an older receiver stored.
 */
export function deepBody(type = 'tracker.alert', depth = 4500): string {
  let nested = '1';
  for (let i = 0; i < depth; i++) nested = `{"a":${nested}}`;
  const alert = exampleAlert();
  return JSON.stringify({ ...alert, type }).replace(/}$/, `,"extra":${nested}}`);
}

/**
 * A body whose message cannot be prepared, on every attempt: the harness's destination throws on
 * it, as a renderer that cannot handle a message would (stored bodies are kept within the depth
 * every renderer handles, so depth no longer makes one).
 */
export function poisonBody(type = 'tracker.alert'): string {
  return JSON.stringify({ ...exampleAlert(), type, poison: true });
}

export interface HarnessOptions {
  /** What the destination answers to its n-th call (1-based); it may throw. */
  answer: (call: number, job: DeliveryJob) => DeliveryOutcome | Promise<DeliveryOutcome>;
  failureThreshold?: number;
  cooldownMs?: number;
  retry?: { maxAttempts: number; initialDelayMs: number; maxDelayMs: number; factor: number };
  concurrency?: number;
}

/**
 * An in-memory store and an outbox over one scripted destination, on the test's clock. The
 * destination throws on a poison body (`poisonBody`), before it is called.
 * `run` drives the loop deterministically: no timers are waited on, only turns of the event loop.
 */
export function outboxHarness(options: HarnessOptions) {
  let clock = 1_000_000;
  const now = () => clock;
  const store = openStore(':memory:', { now });
  const calls: Array<{ key: string; at: number }> = [];
  const logs: Array<Record<string, unknown>> = [];
  const metrics = createMetrics();
  const destination: Destination = {
    name: 'd',
    type: 'test',
    deliver: async (job) => {
      if ((job.event as { poison?: unknown }).poison === true)
        throw new RangeError('Maximum call stack size exceeded');
      calls.push({ key: job.idempotencyKey, at: clock });
      return options.answer(calls.length, job);
    },
  };
  const outbox = createOutbox({
    store,
    destinations: [destination],
    configs: [
      {
        name: 'd',
        timeoutMs: 1000,
        retry: options.retry ?? { maxAttempts: 50, initialDelayMs: 10, maxDelayMs: 60_000, factor: 2 },
      },
    ],
    concurrency: options.concurrency ?? 4,
    // Never fires during a test: the harness wakes the loop itself.
    pollIntervalMs: 1_000_000,
    breaker: { failureThreshold: options.failureThreshold ?? 1, cooldownMs: options.cooldownMs ?? 1000 },
    metrics,
    logger: createLogger({ level: 'debug', write: (l) => logs.push(JSON.parse(l)) }),
    now,
  });
  outbox.start();
  let ids = 0;
  const ingest = (body: string = JSON.stringify(exampleAlert())) =>
    store.ingest(ingestItem(`w${ids++}`, { body }));
  const turn = () => new Promise((r) => setImmediate(r));
  /** Runs every attempt due at the current clock, until none is due or in flight. */
  const settle = async () => {
    for (let i = 0; i < 10_000; i++) {
      outbox.wake();
      await turn();
      await turn();
      const due = await store.nextDueAt();
      if (due === null || due > clock) return;
    }
    throw new Error('outbox harness: rows stay due at the same instant');
  };
  /**
   * Settles, then jumps the clock to the next due row, up to `maxSteps` times or until nothing
   * is pending. Returns the steps taken.
   */
  const run = async (maxSteps = 1000) => {
    for (let step = 0; step < maxSteps; step++) {
      await settle();
      const due = await store.nextDueAt();
      if (due === null) return step;
      clock = Math.max(clock, due);
    }
    return maxSteps;
  };
  const transitions = () =>
    logs
      .filter((l) => typeof l.msg === 'string' && l.msg.startsWith('circuit breaker'))
      .map((l) => `${l.from}->${l.to}`);
  return {
    store,
    outbox,
    turn,
    calls,
    logs,
    metrics,
    ingest,
    settle,
    run,
    transitions,
    now,
    advance: (ms: number) => {
      clock += ms;
    },
    close: async () => {
      await outbox.stop();
      await store.close();
    },
  };
}
