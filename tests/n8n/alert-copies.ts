// Signed alerts as the service sends them, for the tests that count what copies of one delivery do in
// n8n: each attempt signed afresh (now) under the same webhook-id.
import { signStandardWebhooks } from '@trackerkit/core/signing';
import { WEBHOOK_ID } from './workflows.ts';

export interface AlertAnswer {
  status: number;
  body: unknown;
}

/** The Alert Trigger's production URL on the n8n process listening on `port`. */
export const alertUrl = (port: number) => `http://127.0.0.1:${port}/webhook/${WEBHOOK_ID}/tracker-alert`;

/** An alert body for `trackerId` (the tests tell their alerts apart by it). */
export const alertBody = (trackerId: string) =>
  JSON.stringify({
    type: 'tracker.alert',
    timestamp: new Date().toISOString(),
    data: { tracker_id: trackerId },
  });

/**
 * POSTs `body` signed now under `id`; undefined while n8n has not registered the webhook (404) or
 * resets the connection during activation, so a bounded wait can retry.
 */
export async function sendAlert(
  url: string,
  secret: string,
  id: string,
  body: string,
): Promise<AlertAnswer | undefined> {
  const now = Math.floor(Date.now() / 1000);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(now),
      'webhook-signature': signStandardWebhooks(secret, id, now, body),
    },
    body,
  }).catch(() => undefined);
  if (response === undefined || response.status === 404) return undefined;
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed };
}
