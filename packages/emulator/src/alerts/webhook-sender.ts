import {
  type AlertData,
  type AlertEventType,
  parseRetryAfter,
  standardWebhooksHeaders,
  WEBHOOK_DELIVERY,
} from '@trackerkit/core';
import { type RetryPolicy, type RetryResult, withRetries } from './retry.ts';

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
      const timeout = AbortSignal.timeout(WEBHOOK_DELIVERY.timeout_seconds * 1000);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': '@trackerkit/emulator',
          ...standardWebhooksHeaders(secret, messageId, body, Date.now()),
        },
        body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { ok: true };
      const final = response.status === 401 || response.status === 410;
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      return {
        ok: false,
        final,
        error: `HTTP ${response.status} from ${url}`,
        ...(retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }),
      };
    },
    policy,
    signal,
  );
}
