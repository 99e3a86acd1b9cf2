import { mayResend, type Outcome, parseRetryAfter } from '@trackerkit/core';
import type { DeliveryOutcome } from './types.ts';

// Every delivery carries its idempotency key (`webhook-id`, `Idempotency-Key`) and destinations
// dedupe on it, so a POST may be resent as an idempotent request may.
const resendable = (outcome: Outcome): boolean => mayResend('POST', outcome, { idempotencyKey: true });

function failedOutcome(error: Error): Outcome {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return { kind: 'timeout' };
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'network' };
}

export interface PostOptions {
  url: string;
  body: string;
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** Reads a destination-specific retry delay from a 429 body (Discord's `retry_after`). */
  retryAfterFromBody?: (body: string) => number | undefined;
}

/**
 * One HTTP POST, classified: 2xx delivered; 429, 408, 5xx and network failures retryable;
 * 410 and other 4xx permanent (the payload or the URL is wrong, retrying cannot help).
 * Whether to resend and how to read Retry-After are core's rules.
 */
export async function postJson(options: PostOptions): Promise<DeliveryOutcome> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body,
      signal: options.signal,
      redirect: 'error',
    });
  } catch (error) {
    const err = error as Error;
    const outcome = failedOutcome(err);
    const reason = outcome.kind === 'timeout' ? 'timed out' : (err.cause as Error)?.message;
    return {
      ok: false,
      retryable: resendable(outcome),
      status: null,
      error: `request failed: ${reason ?? err.message}`,
    };
  }
  const text = await response.text().catch(() => '');
  const status = response.status;
  if (status >= 200 && status < 300) return { ok: true, status };
  const retryAfter = response.headers.get('retry-after');
  const retryable = resendable({ kind: 'status', status, retryAfter });
  const fromHeader = parseRetryAfter(retryAfter, Date.now());
  const retryAfterMs = status === 429 ? (options.retryAfterFromBody?.(text) ?? fromHeader) : fromHeader;
  // Bodies of error responses can echo what was sent; keep only a short, single-line excerpt.
  const excerpt = text.replace(/\s+/g, ' ').slice(0, 200);
  return {
    ok: false,
    retryable,
    status,
    // 410: the endpoint is gone for good (Slack answers it for an archived channel): stop.
    error: `HTTP ${status}${status === 410 ? ' Gone: the destination asked to stop, not retried' : ''}${excerpt ? `: ${excerpt}` : ''}`,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}
