// Builds the concrete inputs of a case (signed requests, rows) the same way for every layer.
import { LIMITS } from '@trackerkit/core';
import { standardWebhooksHeaders } from '@trackerkit/core/signing';
import type { Given } from './cases.ts';

export const VERIFY_NOW = Date.parse('2026-11-21T08:00:00Z');
const BODY = JSON.stringify({ type: 'tracker.alert', timestamp: '2026-11-21T08:00:00Z', data: { score: 2 } });

/** A message signed `ageSeconds` before VERIFY_NOW, then tampered with as the case says. */
export function signedRequest(given: Extract<Given, { kind: 'signature' }>): {
  body: string;
  headers: Record<string, string>;
} {
  const headers = standardWebhooksHeaders(
    given.signWith,
    'msg_contract_1',
    BODY,
    VERIFY_NOW - (given.ageSeconds ?? 0) * 1000,
  );
  let body = BODY;
  switch (given.tamper) {
    case 'body':
      body = BODY.replace('"score":2', '"score":9');
      break;
    case 'id':
      headers['webhook-id'] = 'msg_contract_2';
      break;
    case 'timestamp':
      headers['webhook-timestamp'] = String(Number(headers['webhook-timestamp']) - 1);
      break;
    case 'signature':
      headers['webhook-signature'] = `v1,${Buffer.alloc(32, 1).toString('base64')}`;
      break;
  }
  return { body, headers };
}

/** `rows` rows whose JSON text is each `rowBytes` long. */
export function rowsOf(given: Extract<Given, { kind: 'batches' }>): Record<string, string>[] {
  const filler = Math.max(0, given.rowBytes - '{"v":""}'.length);
  const row = { v: 'x'.repeat(filler) };
  return Array.from({ length: given.rows }, () => row);
}

export const ROW_LIMITS = { rows: LIMITS.uploadRowsMax, bytes: LIMITS.uploadBytesMax };
