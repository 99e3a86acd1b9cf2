import { type AlertData, WEBHOOK_DELIVERY } from '@trackerkit/client';
import { newId } from '../ids.ts';
import { type RetryResult, withRetries } from './retry.ts';
import { signStandardWebhook } from './signing.ts';

export type AlertEventType = 'tracker.alert' | 'tracker.alert.resolved';

export interface WebhookTarget {
  url: string | null;
  secret: string | null;
}

/**
 * POSTs one signed event with retries. The `webhook-id` is fixed per event; each attempt is signed
 * with its own `webhook-timestamp` in real Unix seconds (receivers compare it with their own clock,
 * so the emulator clock is not used here).
 */
export async function sendWebhook(
  target: WebhookTarget,
  event: { type: AlertEventType; timestamp: string; data: AlertData },
  backoffSeconds: readonly number[],
  signal?: AbortSignal,
): Promise<RetryResult> {
  const { url, secret } = target;
  if (!url || !secret)
    return { ok: false, attempts: 1, error: 'No webhook endpoint is configured for the account' };
  const id = newId('msg');
  const body = JSON.stringify(event);
  return withRetries(
    async () => {
      const timestamp = Math.floor(Date.now() / 1000);
      const timeout = AbortSignal.timeout(WEBHOOK_DELIVERY.timeout_seconds * 1000);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': '@trackerkit/emulator',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signStandardWebhook(secret, id, timestamp, body),
        },
        body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { ok: true };
      const final = response.status === 401 || response.status === 410;
      return { ok: false, final, error: `HTTP ${response.status} from ${url}` };
    },
    backoffSeconds,
    signal,
  );
}
