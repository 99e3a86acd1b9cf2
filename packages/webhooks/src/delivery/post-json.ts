import { mayResend, type Outcome, parseRetryAfter } from '@trackerkit/core';
import { outcomeOfThrown } from '@trackerkit/core/http';
import type { Agent, Dispatcher } from 'undici';
import type { DeliveryJob, DeliveryOutcome } from './types.ts';

// Every delivery carries its idempotency key (`webhook-id`, `Idempotency-Key`) and destinations
// dedupe on it, so a POST may be resent as an idempotent request may.
const resendable = (outcome: Outcome): boolean => mayResend('POST', outcome, { idempotencyKey: true });

/** A caller that gives neither a timeout nor a signal still never waits forever. */
const DEFAULT_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_MS = 4_000;

// The connection pools, one undici Agent per timeout (an Agent keeps a keep-alive Pool per origin,
// so each destination reuses its own connections). The timeout is the dispatcher's: connecting,
// waiting for the answer's headers and for each part of its body are each bounded by it, with
// undici's coarse timers, instead of an AbortSignal.timeout and an AbortSignal.any per delivery.
// Idle sockets are unreferenced and closed after KEEP_ALIVE_MS: the pools never hold a process.
const agents = new Map<number, Agent>();
// undici is loaded by the first delivery, not at start: a restarted receiver answers sooner.
let undici: typeof import('undici') | undefined;
function dispatcherFor(client: typeof import('undici'), timeoutMs: number): Dispatcher {
  let agent = agents.get(timeoutMs);
  if (!agent) {
    agent = new client.Agent({
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
      connect: { timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    agents.set(timeoutMs, agent);
  }
  return agent;
}

// The receiver's own stop (its signal) ends a request as a timeout does: sent again later. What
// the error says of the network (refused, timed out, reset) is the core's rule.
function failedOutcome(error: Error & { code?: unknown }): Outcome {
  if (error.name === 'TimeoutError' || error.name === 'AbortError' || error.code === 'UND_ERR_ABORTED')
    return { kind: 'timeout' };
  return outcomeOfThrown(error) ?? { kind: 'network' };
}

export interface PostOptions {
  url: string;
  body: string;
  headers?: Record<string, string>;
  /**
   * The attempt this POST is: its `timeoutMs` is set on the dispatcher and its `stop` aborts it
   * when the receiver stops. A job without `timeoutMs` (one made by a caller of its own) is bounded
   * by its `signal`.
   */
  attempt?: Pick<DeliveryJob, 'timeoutMs' | 'stop' | 'signal'>;
  /** Without `attempt`: aborts the request. */
  signal?: AbortSignal;
  /** Reads a destination-specific retry delay from a 429 body (Discord's `retry_after`). */
  retryAfterFromBody?: (body: string) => number | undefined;
}

const first = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * One HTTP POST, classified: 2xx delivered; 429, 408, 5xx and network failures retryable;
 * 410 and other 4xx permanent (the payload or the URL is wrong, retrying cannot help). A redirect
 * is not followed (it would resend the alert to where the configuration does not say): it fails
 * as a network failure does. Whether to resend and how to read Retry-After are core's rules.
 * undici's request, not fetch: no web streams, no Request/Response objects per delivery.
 */
export async function postJson(options: PostOptions): Promise<DeliveryOutcome> {
  const attempt = options.attempt;
  const timeoutMs = attempt?.timeoutMs;
  const signal = timeoutMs === undefined ? (attempt?.signal ?? options.signal) : attempt?.stop;
  let response: Dispatcher.ResponseData;
  try {
    undici ??= await import('undici');
    response = await undici.request(options.url, {
      method: 'POST',
      dispatcher: dispatcherFor(undici, timeoutMs ?? DEFAULT_TIMEOUT_MS),
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const err = error as Error;
    const outcome = failedOutcome(err);
    const reason = outcome.kind === 'timeout' ? 'timed out' : ((err.cause as Error)?.message ?? err.message);
    return { ok: false, retryable: resendable(outcome), status: null, error: `request failed: ${reason}` };
  }
  const status = response.statusCode;
  if (status >= 200 && status < 300) {
    await response.body.dump().catch(() => {});
    return { ok: true, status };
  }
  if (status >= 300 && status < 400) {
    await response.body.dump().catch(() => {});
    return {
      ok: false,
      retryable: resendable({ kind: 'network' }),
      status: null,
      error: `request failed: unexpected redirect (HTTP ${status})`,
    };
  }
  const text = await response.body.text().catch(() => '');
  const retryAfter = first(response.headers['retry-after']);
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
