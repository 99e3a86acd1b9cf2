import { describe, expect, it } from 'vitest';
import { safeEqual, safeEqualTo } from '../../src/signing/index.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

// Each case against both forms: safeEqualTo(a)(b) must always agree with safeEqual(a, b).
const cases: [string, { given: [Uint8Array | string, Uint8Array | string]; want: boolean }][] = [
  ['the same text', { given: ['qapi_token', 'qapi_token'], want: true }],
  ['one character apart', { given: ['qapi_token', 'qapi_tokem'], want: false }],
  ['a prefix (lengths differ, no throw)', { given: ['qapi_token', 'qapi_tok'], want: false }],
  ['empty against empty', { given: ['', ''], want: true }],
  ['empty against text', { given: ['', 'x'], want: false }],
  ['text against its UTF-8 bytes', { given: ['zürich ✓', bytes('zürich ✓')], want: true }],
  ['bytes against other bytes', { given: [bytes('a'), bytes('b')], want: false }],
  ['case matters', { given: ['Token', 'token'], want: false }],
];

describe('safeEqual and safeEqualTo', () => {
  it.each(cases)('%s', (_name, { given: [a, b], want }) => {
    expect(safeEqual(a, b)).toBe(want);
    expect(safeEqualTo(a)(b)).toBe(want);
    expect(safeEqualTo(b)(a)).toBe(want);
  });

  it('agrees with plain equality over random tokens, the fixed side reused', () => {
    const alphabet = 'ab';
    const fixed = 'abab';
    const isFixed = safeEqualTo(fixed);
    for (let i = 0; i < 500; i++) {
      const length = 3 + (i % 3);
      let token = '';
      for (let j = 0; j < length; j++) token += alphabet[(i >> j) & 1];
      expect(isFixed(token)).toBe(token === fixed);
    }
  });
});
