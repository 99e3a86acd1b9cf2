import { describe, expect, it } from 'vitest';
import { formatAlert } from '../../src/alerts/format-alert.ts';
import type { DeliveryOutcome } from '../../src/delivery/types.ts';
import { deepBody, outboxHarness, poisonBody } from '../helpers/outbox-harness.ts';

const ok: DeliveryOutcome = { ok: true, status: 200 };
const down: DeliveryOutcome = { ok: false, retryable: true, status: 503, error: 'HTTP 503' };
const tooMany = (retryAfterMs?: number): DeliveryOutcome => ({
  ok: false,
  retryable: true,
  status: 429,
  error: 'HTTP 429',
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});
const badRequest: DeliveryOutcome = { ok: false, retryable: false, status: 400, error: 'HTTP 400' };

describe('a breaker’s half-open probe never leaves the circuit open for good', () => {
  for (const [name, { probe, after }] of [
    ['429 with Retry-After: waits for it, then probes again', { probe: tooMany(5000), after: 5000 }],
    ['429 without Retry-After: waits for the backoff, then probes again', { probe: tooMany(), after: 0 }],
  ] as const) {
    it(name, async () => {
      // 1st call 503 opens the circuit (threshold 1); the probe after the cooldown gets `probe`.
      const t = outboxHarness({ answer: (n) => (n === 1 ? down : n === 2 ? probe : ok), cooldownMs: 1000 });
      await t.ingest();
      await t.settle();
      expect(t.outbox.breakerState('d')).toBe('open');
      await t.ingest();
      await t.run();
      expect(await t.store.counts()).toEqual({ delivered: 2 });
      expect(t.transitions()).toEqual([
        'closed->open',
        'open->half-open',
        'half-open->open',
        'open->half-open',
        'half-open->closed',
      ]);
      const [, second, third] = t.calls;
      expect(third!.at - second!.at).toBeGreaterThanOrEqual(after);
      expect(t.outbox.breakerState('d')).toBe('closed');
      await t.close();
    });
  }

  it('a 4xx on the probe dead-letters that message and closes the circuit (the destination answered)', async () => {
    const t = outboxHarness({ answer: (n) => (n === 1 ? down : n === 2 ? badRequest : ok) });
    await t.ingest();
    await t.settle();
    for (let i = 0; i < 2; i++) await t.ingest();
    await t.run();
    expect(await t.store.counts()).toEqual({ delivered: 2, dead: 1 });
    // The first alert was the probe (its retry came due first): its second attempt got the 400.
    expect((await t.store.list('dead'))[0]).toMatchObject({ lastStatus: 400, attempts: 2 });
    expect(t.transitions()).toEqual(['closed->open', 'open->half-open', 'half-open->closed']);
    await t.close();
  });
});

describe('a message failing for its own reasons does not count against its destination', () => {
  it('alerts that cannot be formatted are dead-lettered at once; the others are delivered', async () => {
    // A message whose preparation throws (the harness's poison) fails so on every attempt.
    const t = outboxHarness({ answer: () => ok, failureThreshold: 2 });
    for (let i = 0; i < 3; i++) await t.ingest(poisonBody(i === 0 ? 'tracker.unknown' : 'tracker.alert'));
    for (let i = 0; i < 20; i++) await t.ingest();
    await t.run();
    expect(await t.store.counts()).toEqual({ delivered: 20, dead: 3 });
    for (const dead of await t.store.list('dead')) {
      expect(dead.attempts).toBe(1);
      expect(dead.lastError).toMatch(/could not be formatted or sent: RangeError/);
    }
    expect(t.transitions()).toEqual([]);
    await t.close();
  });

  it('a body stored nested deeper than ingest allows (by an older version) is delivered, its too-deep part left out', async () => {
    // formatAlert, public, does not throw on such an event either (it overflowed before).
    expect(formatAlert(JSON.parse(deepBody('tracker.unknown'))).analysis).toMatch(/too deeply nested/);
    const events: unknown[] = [];
    const t = outboxHarness({
      answer: (_n, job) => {
        // What every renderer and sink does with the event: it must not overflow the stack.
        events.push(JSON.parse(JSON.stringify(job.event)));
        return ok;
      },
    });
    await t.ingest(deepBody('tracker.unknown'));
    await t.run();
    expect(await t.store.counts()).toEqual({ delivered: 1 });
    expect(JSON.stringify(events[0])).toContain(
      'nested deeper than 64 levels of objects and arrays: left out',
    );
    await t.close();
  });

  it('4xx answers dead-letter their message and never open the circuit', async () => {
    const t = outboxHarness({ answer: (n) => (n <= 5 ? badRequest : ok), failureThreshold: 2 });
    for (let i = 0; i < 8; i++) await t.ingest();
    await t.run();
    expect(await t.store.counts()).toEqual({ delivered: 3, dead: 5 });
    expect(t.transitions()).toEqual([]);
    await t.close();
  });

  it('a poison message that is the probe hands the probe back; the next row probes', async () => {
    const t = outboxHarness({ answer: (n) => (n === 1 ? down : ok), concurrency: 1 });
    await t.ingest();
    await t.settle();
    expect(t.outbox.breakerState('d')).toBe('open');
    await t.ingest(poisonBody());
    await t.ingest();
    await t.run();
    expect(await t.store.counts()).toEqual({ delivered: 2, dead: 1 });
    expect(t.outbox.breakerState('d')).toBe('closed');
    await t.close();
  });
});

describe('breaker state changes are logged and exported', () => {
  it('each transition is a log line naming the destination and the reason, and a metric', async () => {
    const t = outboxHarness({ answer: (n) => (n <= 2 ? down : ok), failureThreshold: 2, cooldownMs: 500 });
    await t.ingest();
    await t.run();
    const lines = t.logs.filter((l) => String(l.msg).startsWith('circuit breaker'));
    expect(lines.map((l) => [l.level, l.msg, l.destination, l.from, l.to])).toEqual([
      ['warn', 'circuit breaker opened', 'd', 'closed', 'open'],
      ['info', 'circuit breaker half-open', 'd', 'open', 'half-open'],
      ['info', 'circuit breaker closed', 'd', 'half-open', 'closed'],
    ]);
    expect(lines[0]!.reason).toBe('2 consecutive failures, the last: HTTP 503');
    expect(lines[2]!.reason).toBe('delivered (200)');
    const text = t.metrics.render();
    expect(text).toContain('# TYPE trackerkit_webhooks_breaker_state gauge');
    expect(text).toContain('trackerkit_webhooks_breaker_state{destination="d"} 0');
    for (const [from, to] of [
      ['closed', 'open'],
      ['open', 'half-open'],
      ['half-open', 'closed'],
    ]) {
      expect(text).toContain(
        `trackerkit_webhooks_breaker_transitions_total{destination="d",from="${from}",to="${to}"} 1`,
      );
    }
    await t.close();
  });

  it('the gauge reads 2 while open and 1 while the probe is out', async () => {
    let answerProbe: (o: DeliveryOutcome) => void = () => {};
    const t = outboxHarness({
      answer: (n) => (n === 1 ? down : new Promise((resolve) => (answerProbe = resolve))),
      cooldownMs: 500,
    });
    const gauge = () =>
      /trackerkit_webhooks_breaker_state\{destination="d"\} (\d)/.exec(t.metrics.render())?.[1];
    expect(gauge()).toBe('0');
    await t.ingest();
    await t.settle();
    expect(gauge()).toBe('2');
    t.advance(500);
    t.outbox.wake();
    while (t.calls.length < 2) await t.turn();
    expect(gauge()).toBe('1');
    answerProbe(ok);
    await t.run();
    expect(gauge()).toBe('0');
    await t.close();
  });
});

describe('a destination’s Retry-After beyond retry.max_delay', () => {
  it('is honoured, with a warning naming the destination and the value', async () => {
    const asked = 3 * 3600_000;
    const t = outboxHarness({
      answer: (n) => (n === 1 ? tooMany(asked) : ok),
      retry: { maxAttempts: 5, initialDelayMs: 10, maxDelayMs: 60_000, factor: 2 },
      failureThreshold: 5,
    });
    await t.ingest();
    await t.run();
    expect(t.calls[1]!.at - t.calls[0]!.at).toBeGreaterThanOrEqual(asked);
    const warning = t.logs.find((l) => String(l.msg).includes('longer than retry.max_delay'));
    expect(warning).toMatchObject({
      level: 'warn',
      destination: 'd',
      retry_after_ms: asked,
      max_delay_ms: 60_000,
    });
    await t.close();
  });

  it('is cut to the 24 h ceiling', async () => {
    const t = outboxHarness({
      answer: (n) => (n === 1 ? tooMany(400 * 86_400_000) : ok),
      failureThreshold: 5,
    });
    await t.ingest();
    await t.run();
    expect(t.calls[1]!.at - t.calls[0]!.at).toBe(86_400_000);
    expect(t.logs.find((l) => String(l.msg).includes('longer than retry.max_delay'))).toMatchObject({
      honoured_ms: 86_400_000,
    });
    await t.close();
  });
});
