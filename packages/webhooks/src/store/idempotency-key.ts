import { createHash } from 'node:crypto';

/**
 * The key sent downstream for one (alert, destination): derived, so it is the same on every
 * retry, after a restart and after a replay.
 */
export function idempotencyKey(source: string, webhookId: string, destination: string): string {
  const digest = createHash('sha256').update(`${source}\0${webhookId}\0${destination}`).digest('base64url');
  return `msg_${digest.slice(0, 32)}`;
}
