import { type AlertData, WEBHOOK_DELIVERY } from '@trackerkit/client';
import { parseRetryAfter, type RetryPolicy, type RetryResult, withRetries } from './retry.ts';
import { signStandardWebhook } from './signing.ts';

export type AlertEventType = 'tracker.alert' | 'tracker.alert.resolved';

export interface WebhookTarget {
  url: string | null;
  secret: string | null;
}

/**
 * POSTs one signed event with retries. The `webhook-id` (`messageId`) is fixed per event, also across
 * a restart that re-executes the run, so receivers can deduplicate; each attempt is signed
 * with its own `webhook-timestamp` in real Unix seconds (receivers compare it with their own clock,
 * so the emulator clock is not used here).
 */
export async function sendWebhook(
  target: WebhookTarget,
  event: { type: AlertEventType; timestamp: string; data: AlertData },
  messageId: string,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<RetryResult> {
  const { url, secret } = target;
  if (!url || !secret)
    return { ok: false, attempts: 1, error: 'No webhook endpoint is configured for the account' };
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
          'webhook-id': messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signStandardWebhook(secret, messageId, timestamp, body),
        },
        body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { ok: true };
      const final = response.status === 401 || response.status === 410;
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      return {
        ok: false,
        final,
        error: `HTTP ${response.status} from ${url}`,
        ...(retryAfter === null ? {} : { retryAfterSeconds: retryAfter }),
      };
    },
    policy,
    signal,
  );
}
