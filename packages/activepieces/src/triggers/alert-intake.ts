// What the New Alert trigger does with one request, as a function of the request, the secret, the
// trigger's store and the time: verify the Standard Webhooks signature (the core's verifier), apply
// the core's ingest rules (media type, nesting), and drop a delivery whose `webhook-id` was accepted
// within the core's dedupe window.
import type { Store } from '@activepieces/pieces-framework';
import { alertBodyCheck, isAlertEventType } from '@trackerkit/core';
import { dedupeWindowMs, seenRecord, verifyStandardWebhooks } from '@trackerkit/core/signing';
import { inTurn } from './in-turn.ts';

/** The request as the framework hands it to a webhook trigger (`context.payload`). */
export interface AlertRequest {
  body: unknown;
  rawBody?: unknown;
  headers: Record<string, string>;
}

export type Intake =
  | { outcome: 'accepted'; id: string; alert: Record<string, unknown> }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'refused'; reason: string; message: string }
  | { outcome: 'ignored'; reason: string };

/** Store key of the accepted ids: `{ [webhookId]: untilMs }`, in the trigger's (flow's) store. */
export const SEEN_KEY = 'trackerkit_seen_deliveries';
/**
 * Most ids kept (the newest win). One store value holds them all, so it stays small; a sender
 * re-sends one delivery a handful of times within the window, so the newest few hundred suffice.
 */
export const SEEN_CAP = 1000;

/** Tolerance of the signature's timestamp, the Standard Webhooks default the core's verifier uses. */
export const TOLERANCE_SECONDS = 300;

/**
 * The exact bytes that were signed. The framework passes them as `rawBody` (a string or a Buffer);
 * without them the parsed body is serialised again, which matches a compact JSON sender only: a
 * message that does not match is refused, never accepted.
 */
function rawBytes(request: AlertRequest): Uint8Array | string {
  const raw = request.rawBody;
  if (typeof raw === 'string' || raw instanceof Uint8Array) return raw;
  return typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? {});
}

/**
 * Records `id` in the flow's seen-record unless it is there and unexpired: true when it was new.
 * One read and one write of one store value, so callers of one flow take turns (see in-turn.ts).
 */
async function claimSeen(store: Store, id: string, nowMs: number, untilMs: number): Promise<boolean> {
  const seen = seenRecord(await store.get(SEEN_KEY), id, nowMs, untilMs, SEEN_CAP);
  if (seen.fresh) await store.put(SEEN_KEY, seen.entries);
  return seen.fresh;
}

/**
 * What to do with one request. `flowId` is the flow whose store `store` is (`flows.current.id`):
 * requests of one flow decide on its seen-record one at a time in this process; left out, every
 * caller in the process takes turns together.
 */
export async function takeAlert(
  request: AlertRequest,
  secret: string,
  store: Store,
  nowMs: number,
  toleranceSeconds = TOLERANCE_SECONDS,
  flowId = '',
): Promise<Intake> {
  const raw = rawBytes(request);
  const verdict = verifyStandardWebhooks(
    [secret],
    { body: raw, headers: request.headers },
    { scheme: 'standard-webhooks', nowMs, toleranceSeconds },
  );
  if (!verdict.ok) return { outcome: 'refused', reason: verdict.reason, message: verdict.message };

  const contentType = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type');
  const body = alertBodyCheck(contentType?.[1], raw);
  if (!body.ok) return { outcome: 'refused', reason: body.reason, message: body.message };
  const text = body.text;
  let alert: Record<string, unknown>;
  try {
    alert = JSON.parse(text);
  } catch (error) {
    return { outcome: 'refused', reason: 'invalid_json', message: (error as Error).message };
  }
  if (typeof alert !== 'object' || alert === null || !isAlertEventType(alert.type))
    return { outcome: 'ignored', reason: 'not an alert event' };

  // Only verified deliveries are remembered, so nobody without the secret can fill the store.
  const untilMs = nowMs + dedupeWindowMs(toleranceSeconds);
  const fresh = await inTurn(`flow:${flowId}`, () => claimSeen(store, verdict.id, nowMs, untilMs));
  if (!fresh) return { outcome: 'duplicate', id: verdict.id };
  return { outcome: 'accepted', id: verdict.id, alert };
}
