import { WebhooksError } from '../errors.ts';
import { alertSchemas } from './alert-schemas.ts';
import type { AlertEvent } from './types.ts';

export interface ParsedEvent {
  event: AlertEvent;
  known: boolean;
}

/**
 * Parses a raw body into a typed event. Known types are validated against the document's schema
 * (unknown fields kept); any other `type` is returned as unknown. Errors name the field and rule.
 */
export function parseAlertEvent(body: Uint8Array | string | unknown): ParsedEvent {
  let value: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const text =
      typeof body === 'string'
        ? body
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new WebhooksError(`body is not valid JSON (${(error as Error).message})`, {
        status: 400,
        reason: 'malformed_json',
      });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhooksError('body must be a JSON object', { status: 400, reason: 'invalid_event' });
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || type.length === 0) {
    throw new WebhooksError('type: required, must be a non-empty string', {
      status: 400,
      reason: 'invalid_event',
    });
  }
  const schema = alertSchemas()[type];
  if (!schema) return { event: value as AlertEvent, known: false };
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.join('.') || '(root)';
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    const rule = missing ? 'required' : issue.message;
    throw new WebhooksError(`${path}: ${rule}`, { status: 400, reason: 'invalid_event' });
  }
  return { event: result.data as AlertEvent, known: true };
}
