import { type AlertData, type AlertEventType, parseRetryAfter, WEBHOOK_DELIVERY } from '@trackerkit/core';
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import type { InboxAttempt } from '../inbox/inbox.ts';
import { type RetryPolicy, type RetryResult, withRetries } from './retry.ts';

/** Told about every attempt (the inbox records them). */
export type AttemptListener = (attempt: InboxAttempt) => void;

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
  onAttempt: AttemptListener = () => {},
): Promise<RetryResult> {
  const { url, secret } = target;
  if (!url || !secret) {
    const error = 'No webhook endpoint is configured for the account';
    const at = new Date().toISOString();
    onAttempt({ attempt: 1, at, outcome: 'failed', status: null, error, headers: {} });
    return { ok: false, attempts: 1, error };
  }
  const body = JSON.stringify(event);
  return withRetries(
    async (n) => {
      const timeout = AbortSignal.timeout(WEBHOOK_DELIVERY.timeout_seconds * 1000);
      const headers = {
        'content-type': 'application/json',
        'user-agent': '@trackerkit/emulator',
        ...standardWebhooksHeaders(secret, messageId, body, Date.now()),
      };
      const record = (outcome: 'success' | 'failed', status: number | null, error: string | null) =>
        onAttempt({ attempt: n, at: new Date().toISOString(), outcome, status, error, headers });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        });
      } catch (error) {
        record('failed', null, (error as Error).message);
        throw error;
      }
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        record('success', response.status, null);
        return { ok: true };
      }
      const final = response.status === 401 || response.status === 410;
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      const error = `HTTP ${response.status} from ${url}`;
      record('failed', response.status, error);
      return {
        ok: false,
        final,
        error,
        ...(retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }),
      };
    },
    policy,
    signal,
  );
}
