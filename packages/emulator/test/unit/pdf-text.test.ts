import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../src/vault/pdf-text.ts';
import { makePdf } from '../fixtures/make-pdf.ts';

describe('extractPdfText', () => {
  it.each([
    [
      'Tj, uncompressed',
      {
        given: [{ content: 'BT /F1 12 Tf 72 720 Td (Shipments are late) Tj ET' }],
        want: 'Shipments are late',
      },
    ],
    [
      'Tj, FlateDecode',
      { given: [{ content: 'BT /F1 12 Tf (Compressed text) Tj ET', flate: true }], want: 'Compressed text' },
    ],
    [
      'TJ with kerning',
      { given: [{ content: 'BT [(Hel) 20 (lo) -400 (world)] TJ ET' }], want: 'Hello world' },
    ],
    [
      "' moves to the next line",
      { given: [{ content: "BT (first) Tj (second) ' ET" }], want: 'first\nsecond' },
    ],
    ['escapes and octal', { given: [{ content: 'BT (a \\(b\\) \\101) Tj ET' }], want: 'a (b) A' }],
    ['hex strings', { given: [{ content: 'BT <48656c6c6f> Tj ET' }], want: 'Hello' }],
    [
      'two pages',
      {
        given: [{ content: 'BT (one) Tj ET' }, { content: 'BT (two) Tj ET', flate: true }],
        want: 'one\ntwo',
      },
    ],
  ])('%s', (_, { given, want }) => {
    const result = extractPdfText(makePdf(given));
    expect(result.text).toBe(want);
    expect(result.pages).toBe(given.length);
  });
});
