import { describe, expect, it } from 'vitest';
import { backoffMs, mayResend, type Outcome, parseRetryAfter } from '../../src/index.ts';

const NOW = Date.parse('2026-11-21T08:00:00Z');

describe('parseRetryAfter', () => {
  it.each<[string, { given: string | null; want: number | undefined }]>([
    ['absent', { given: null, want: undefined }],
    ['seconds', { given: '7', want: 7_000 }],
    ['zero', { given: '0', want: 0 }],
    ['fractional seconds', { given: '1.5', want: 1_500 }],
    ['an HTTP-date ahead', { given: 'Sat, 21 Nov 2026 08:00:30 GMT', want: 30_000 }],
    ['an HTTP-date passed', { given: 'Sat, 21 Nov 2026 07:59:00 GMT', want: 0 }],
    ['garbage', { given: 'soon', want: undefined }],
    ['a negative number', { given: '-5', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(parseRetryAfter(given, NOW)).toBe(want);
  });
});

describe('mayResend', () => {
  const status = (s: number): Outcome => ({ kind: 'status', status: s });
  it.each<[string, { method: string; outcome: Outcome; want: boolean }]>([
    ['GET 503', { method: 'GET', outcome: status(503), want: true }],
    ['GET 429', { method: 'GET', outcome: status(429), want: true }],
    ['GET 404', { method: 'GET', outcome: status(404), want: false }],
    ['GET reset', { method: 'GET', outcome: { kind: 'network' }, want: true }],
    ['GET timeout', { method: 'GET', outcome: { kind: 'timeout' }, want: true }],
    ['DELETE 502', { method: 'DELETE', outcome: status(502), want: true }],
    ['PATCH 500', { method: 'PATCH', outcome: status(500), want: true }],
    ['POST 429', { method: 'POST', outcome: status(429), want: true }],
    ['POST refused', { method: 'POST', outcome: { kind: 'refused' }, want: true }],
    ['POST 503', { method: 'POST', outcome: status(503), want: false }],
    ['POST reset', { method: 'POST', outcome: { kind: 'network' }, want: false }],
    ['POST timeout', { method: 'POST', outcome: { kind: 'timeout' }, want: false }],
    ['POST 400', { method: 'POST', outcome: status(400), want: false }],
  ])('%s', (_name, { method, outcome, want }) => {
    expect(mayResend(method, outcome)).toBe(want);
  });
});

describe('backoffMs', () => {
  it.each<[string, { given: [number, number]; want: number }]>([
    ['attempt 0, top of range', { given: [0, 0.999], want: 499 }],
    ['attempt 2, half', { given: [2, 0.5], want: 1_000 }],
    ['attempt 10 is capped', { given: [10, 0.5], want: 15_000 }],
    ['jitter can be zero', { given: [3, 0], want: 0 }],
  ])('%s', (_name, { given: [attempt, random], want }) => {
    expect(backoffMs(attempt, 500, 30_000, () => random)).toBe(want);
  });
});

describe('mayResend with an idempotency key', () => {
  const status = (s: number): Outcome => ({ kind: 'status', status: s });
  it.each<[string, { outcome: Outcome; keyed: boolean; want: boolean }]>([
    ['keyed POST after 503', { outcome: status(503), keyed: true, want: true }],
    ['keyed POST after a reset', { outcome: { kind: 'network' }, keyed: true, want: true }],
    ['keyed POST after 409 (same key in flight)', { outcome: status(409), keyed: true, want: true }],
    ['plain POST after 409', { outcome: status(409), keyed: false, want: false }],
    ['keyed POST after 400', { outcome: status(400), keyed: true, want: false }],
  ])('%s', (_name, { outcome, keyed, want }) => {
    expect(mayResend('POST', outcome, { idempotencyKey: keyed })).toBe(want);
  });
});
