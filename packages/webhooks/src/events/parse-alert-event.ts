import { jsonDepthRule, jsonNestsDeeper, MAX_ALERT_JSON_DEPTH, problemsOf } from '@trackerkit/core';
import { WebhooksError } from '../errors.ts';
import { alertSchemas } from './alert-schemas.ts';
import type { AlertEvent } from './types.ts';

export interface ParsedEvent {
  event: AlertEvent;
  known: boolean;
}

/**
 * Parses a raw body into a typed event. Known types are validated against the document's schema
 * (unknown fields kept); any other `type` is returned as unknown. Errors name the field and rule;
 * a body nested deeper than `MAX_ALERT_JSON_DEPTH` is refused (422 `too_deep`) before parsing.
 */
export function parseAlertEvent(body: Uint8Array | string | unknown): ParsedEvent {
  let value: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const text =
      typeof body === 'string'
        ? body
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    // Deeper than any alert nests: it would parse, be stored and then overflow the stack in
    // every renderer on every attempt. Refused here, so nothing undeliverable is ever stored.
    if (jsonNestsDeeper(text, MAX_ALERT_JSON_DEPTH)) {
      throw new WebhooksError(`body: ${jsonDepthRule(MAX_ALERT_JSON_DEPTH)}`, {
        status: 422,
        reason: 'too_deep',
      });
    }
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
  const schemas = alertSchemas();
  // Own keys only: a `type` such as `constructor` is an unknown event, never a lookup on Object.
  if (!Object.hasOwn(schemas, type)) return { event: value as AlertEvent, known: false };
  const problems = problemsOf(schemas[type]!, value);
  if (problems.length > 0) {
    throw new WebhooksError(problems.map((p) => `${p.field}: ${p.rule}`).join('; '), {
      status: 400,
      reason: 'invalid_event',
    });
  }
  return { event: value as AlertEvent, known: true };
}
