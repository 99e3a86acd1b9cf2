import type { Router } from '../../router/create-router.ts';
import type { DeliveryOutcome, Destination } from '../types.ts';

/**
 * The outbox destination of `router.on(...)` handlers. Its name cannot be a configured one
 * (those start with a letter or digit), so it never collides and stays the same across restarts.
 */
export const CODE_HANDLERS = '@handlers';

/**
 * Runs the code handlers of an alert as one delivery: a handler that throws (or outlives the
 * timeout) makes the whole attempt fail, so every handler of that alert runs again later, with
 * the same idempotency key. At least once, like every destination.
 */
export function createCodeHandlersDestination(router: Router): Destination {
  return {
    name: CODE_HANDLERS,
    type: 'handlers',
    async deliver(job): Promise<DeliveryOutcome> {
      const { signal } = job;
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(new Error('handler timed out or the receiver stopped'));
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        await Promise.race([
          router.receive(job.event, { idempotencyKey: job.idempotencyKey, attempt: job.attempt, signal }),
          aborted,
        ]);
        return { ok: true, status: null };
      } catch (error) {
        const err = error as Error;
        const causes = err instanceof AggregateError ? err.errors.map((e) => (e as Error)?.message) : [];
        return {
          ok: false,
          retryable: true,
          status: null,
          error: `handler failed: ${[err.message, ...causes].join('; ')}`,
        };
      } finally {
        signal.removeEventListener('abort', onAbort!);
        aborted.catch(() => {});
      }
    },
  };
}
