import { mayResend } from '@trackerkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveryOutcome } from '../../src/delivery/types.ts';
import { outboxHarness, poisonBody } from '../helpers/outbox-harness.ts';

/** One answer of the destination, as `postJson` would classify it (core decides what is resent). */
type Answer =
  | { kind: '2xx' }
  | { kind: 'status'; status: number; retryAfterMs?: number }
  | { kind: 'timeout' }
  | { kind: 'network' };

const answerArb: fc.Arbitrary<Answer> = fc.oneof(
  fc.constant<Answer>({ kind: '2xx' }),
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(400, 401, 404, 409, 410, 422) }),
  fc.record(
    {
      kind: fc.constant('status' as const),
      status: fc.constantFrom(429, 503),
      retryAfterMs: fc.integer({ min: 0, max: 120_000 }),
    },
    { requiredKeys: ['kind', 'status'] },
  ),
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(408, 500, 502, 504) }),
  fc.constant<Answer>({ kind: 'timeout' }),
  fc.constant<Answer>({ kind: 'network' }),
);

function outcomeOf(answer: Answer): DeliveryOutcome {
  switch (answer.kind) {
    case '2xx':
      return { ok: true, status: 200 };
    case 'timeout':
      return { ok: false, retryable: true, status: null, error: 'request failed: timed out' };
    case 'network':
      return { ok: false, retryable: true, status: null, error: 'request failed: connect ECONNREFUSED' };
    case 'status': {
      const retryable = mayResend(
        'POST',
        { kind: 'status', status: answer.status },
        { idempotencyKey: true },
      );
      return {
        ok: false,
        retryable,
        status: answer.status,
        error: `HTTP ${answer.status}`,
        ...(answer.retryAfterMs === undefined ? {} : { retryAfterMs: answer.retryAfterMs }),
      };
    }
  }
}

/** What an answer says about the destination's health: the breaker's model. */
const health = (o: DeliveryOutcome): 'up' | 'down' | 'wait' =>
  o.ok || !o.retryable ? 'up' : o.status === 429 ? 'wait' : 'down';

describe('liveness under random destination behaviour (fake clock, injected destination)', () => {
  it('delivers every sendable alert once the destination answers 2xx, dead-letters every poison one, and never keeps the circuit open', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          alerts: fc.array(fc.constantFrom('ok', 'ok', 'ok', 'poison-known', 'poison-unknown'), {
            minLength: 1,
            maxLength: 20,
          }),
          script: fc.array(answerArb, { maxLength: 40 }),
          failureThreshold: fc.integer({ min: 1, max: 4 }),
          cooldownMs: fc.integer({ min: 100, max: 60_000 }),
          concurrency: fc.integer({ min: 1, max: 4 }),
        }),
        async ({ alerts, script, failureThreshold, cooldownMs, concurrency }) => {
          const outcomes = script.map(outcomeOf);
          const answered: DeliveryOutcome[] = [];
          const t = outboxHarness({
            answer: (n) => {
              const outcome = outcomes[n - 1] ?? { ok: true, status: 200 };
              answered.push(outcome);
              return outcome;
            },
            failureThreshold,
            cooldownMs,
            concurrency,
            // Every failure spends one attempt of one row; none may run out before the script does.
            retry: { maxAttempts: script.length + 2, initialDelayMs: 50, maxDelayMs: 30_000, factor: 3 },
          });
          const poison = new Set<string>();
          for (const kind of alerts) {
            const body =
              kind === 'ok' ? undefined : poisonBody(kind === 'poison-known' ? 'tracker.alert' : 'x.y');
            const { alertId } = await t.ingest(body);
            const key = (await t.store.list('pending')).find((r) => r.alertId === alertId)!.idempotencyKey;
            if (body) poison.add(key);
          }
          await t.run(5000);
          expect(await t.store.nextDueAt()).toBeNull();

          // Global call index of each (key, attempt): a finish log names both.
          const callsOfKey = new Map<string, number[]>();
          for (const [i, c] of t.calls.entries())
            callsOfKey.set(c.key, [...(callsOfKey.get(c.key) ?? []), i]);
          let consecutiveDown = 0;
          let allOkFromHere = false;
          // A transition is logged inside the finish of the attempt that caused it, just before
          // that attempt's own line: it is checked once that line has updated the model.
          let opened: Record<string, unknown> | undefined;
          for (const line of t.logs) {
            if (line.msg === 'circuit breaker opened') opened = line;
            const key = line.idempotency_key as string | undefined;
            if (!['delivered', 'retry scheduled', 'dead-lettered'].includes(String(line.msg)) || !key)
              continue;
            if (!poison.has(key)) {
              const index = callsOfKey.get(key)![(line.attempts as number) - 1]!;
              const h = health(answered[index]!);
              if (h === 'down') consecutiveDown += 1;
              if (h === 'up') consecutiveDown = 0;
              if (index >= script.length) allOkFromHere = true;
            }
            if (opened) {
              // Only the destination's own failures open it: poison and 4xx never count.
              if (opened.from === 'closed') expect(consecutiveDown).toBeGreaterThanOrEqual(failureThreshold);
              // Once it answers only 2xx, it never opens again.
              expect(allOkFromHere).toBe(false);
              opened = undefined;
            }
          }
          expect(t.outbox.breakerState('d')).toBe('closed');

          for (const row of [...(await t.store.list('delivered')), ...(await t.store.list('dead'))]) {
            const answers = (callsOfKey.get(row.idempotencyKey) ?? []).map((i) => answered[i]!);
            if (poison.has(row.idempotencyKey)) {
              expect(row).toMatchObject({ state: 'dead', attempts: 1 });
              expect(answers).toEqual([]);
            } else if (row.state === 'dead') {
              // Its own fault only: the destination refused this very message.
              const last = answers.at(-1)!;
              expect(last.ok === false && !last.retryable && last.status !== null).toBe(true);
            } else {
              expect(answers.filter((a) => a.ok)).toHaveLength(1);
            }
          }
          expect((await t.store.list('delivered')).length + (await t.store.list('dead')).length).toBe(
            alerts.length,
          );
          await t.close();
        },
      ),
      { numRuns: 150 },
    );
    // A count of runs, not a timing: the limit only keeps a loaded machine from failing it.
  }, 120_000);
});
