import type { ValidationIssue } from '@trackerkit/core';
import { ValidationFailure } from '../errors/errors.ts';
import type { FaultKind, FaultSpec } from './fault-rules.ts';

const KINDS: readonly FaultKind[] = ['status', 'latency', 'reset', 'truncate'];
const FIELDS = [
  'operation_id',
  'tracker_id',
  'kind',
  'status',
  'retry_after',
  'latency_ms',
  'times',
  'probability',
] as const;
/** Longest latency a rule may add: long enough for any client timeout test, short of a hang. */
const MAX_LATENCY_MS = 600_000;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Checks a fault rule sent to the console (or to `emu.faults.add`): every problem named by field
 * and rule, FastAPI-style, so a mistyped rule answers 422 rather than silently never firing.
 */
export function faultSpecOf(body: Record<string, unknown>, operationIds: readonly string[]): FaultSpec {
  const issues: ValidationIssue[] = [];
  const bad = (field: string, msg: string, type = 'value_error') =>
    issues.push({ loc: ['body', field], msg, type });
  for (const field of Object.keys(body)) {
    if (!(FIELDS as readonly string[]).includes(field)) bad(field, 'Unknown field', 'extra_forbidden');
  }
  const { operation_id, tracker_id, kind, status, retry_after, latency_ms, times, probability } = body;
  if (operation_id === undefined) bad('operation_id', 'Field required', 'missing');
  else if (operation_id !== '*' && !operationIds.includes(String(operation_id)))
    bad('operation_id', `Must be * or an operationId of the document: ${operationIds.join(', ')}`);
  if (tracker_id !== undefined && tracker_id !== null && (typeof tracker_id !== 'string' || !tracker_id))
    bad('tracker_id', 'Input should be a non-empty string or null', 'string_type');
  if (kind === undefined) bad('kind', 'Field required', 'missing');
  else if (!KINDS.includes(kind as FaultKind)) bad('kind', `Input should be ${KINDS.join(', ')}`, 'enum');
  if (kind === 'status' && status !== undefined && (!isInt(status) || status < 400 || status > 599))
    bad('status', 'Input should be an integer from 400 to 599');
  if (kind !== 'status' && status !== undefined) bad('status', 'Only for kind status');
  if (retry_after !== undefined && retry_after !== null) {
    if (kind !== 'status') bad('retry_after', 'Only for kind status');
    else if (isInt(retry_after) ? retry_after < 0 : typeof retry_after !== 'string' || !retry_after)
      bad('retry_after', 'Input should be whole seconds (0 or more) or an HTTP-date');
  }
  if (kind === 'latency' && !(isInt(latency_ms) && latency_ms >= 0 && latency_ms <= MAX_LATENCY_MS))
    bad('latency_ms', `Input should be an integer from 0 to ${MAX_LATENCY_MS}`);
  if (kind !== 'latency' && latency_ms !== undefined) bad('latency_ms', 'Only for kind latency');
  if (times !== undefined && times !== null && !(isInt(times) && times >= 1))
    bad('times', 'Input should be an integer of at least 1, or null for every request');
  if (probability !== undefined && !(typeof probability === 'number' && probability > 0 && probability <= 1))
    bad('probability', 'Input should be a number greater than 0 and at most 1');
  if (issues.length > 0) throw new ValidationFailure(issues);
  return body as unknown as FaultSpec;
}

/**
 * The one-off fault of the `X-Emulator-Fault` request header: `status=503; retry-after=2`,
 * `latency=300`, `reset` or `truncate`. Malformed values answer 400 naming the header.
 */
export function headerFault(value: string): FaultSpec | string {
  const parts = value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const pairs = new Map(
    parts.map((p) => {
      const [k, v] = p.split('=', 2).map((x) => x.trim().toLowerCase());
      return [k ?? '', v] as const;
    }),
  );
  const num = (key: string) => Number(pairs.get(key));
  if (pairs.has('reset')) return { operation_id: '*', kind: 'reset' };
  if (pairs.has('truncate')) return { operation_id: '*', kind: 'truncate' };
  if (pairs.has('latency')) {
    const ms = num('latency');
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS)
      return `latency must be whole milliseconds from 0 to ${MAX_LATENCY_MS}`;
    return { operation_id: '*', kind: 'latency', latency_ms: ms };
  }
  if (pairs.has('status')) {
    const status = num('status');
    if (!Number.isInteger(status) || status < 400 || status > 599) return 'status must be 400-599';
    const retry = pairs.get('retry-after');
    if (retry !== undefined && !/^\d+$/.test(retry)) return 'retry-after must be whole seconds';
    return {
      operation_id: '*',
      kind: 'status',
      status,
      ...(retry === undefined ? {} : { retry_after: Number(retry) }),
    };
  }
  return 'expected status=NNN[; retry-after=S], latency=MS, reset or truncate';
}
