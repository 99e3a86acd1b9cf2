import { describe, expect, it } from 'vitest';
import { isConnectionRefused } from '../../src/http/transport.ts';

describe('isConnectionRefused', () => {
  const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
  it.each<[string, { given: unknown; want: boolean }]>([
    ['refused', { given: new TypeError('fetch failed', { cause: refused }), want: true }],
    [
      'refused on every address',
      { given: new TypeError('fetch failed', { cause: new AggregateError([refused, refused]) }), want: true },
    ],
    [
      'one address reset',
      { given: new TypeError('fetch failed', { cause: new AggregateError([refused, reset]) }), want: false },
    ],
    ['reset', { given: new TypeError('fetch failed', { cause: reset }), want: false }],
    ['no cause', { given: new Error('x'), want: false }],
  ])('%s', (_name, { given, want }) => {
    expect(isConnectionRefused(given)).toBe(want);
  });
});
