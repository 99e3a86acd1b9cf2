import { parseRetryAfter } from './parse-retry-after.ts';
import type { DeliveryOutcome } from './types.ts';

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
    const reason =
      err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timed out' : (err.cause as Error)?.message;
    return { ok: false, retryable: true, status: null, error: `request failed: ${reason ?? err.message}` };
  }
  const text = await response.text().catch(() => '');
  const status = response.status;
  if (status >= 200 && status < 300) return { ok: true, status };
  const retryable = status === 429 || status === 408 || status >= 500;
  const fromHeader = parseRetryAfter(response.headers.get('retry-after'));
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
